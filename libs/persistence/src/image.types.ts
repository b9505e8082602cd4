/** An image of the repository, as callers see it (the reference's `image` table). */
export interface ImageRecord {
  imagename: string;
  /** OS version, lower case. */
  imageosdistro: string;
  md5sum: string;
  /** `<n>:CYL` or `<n>:BLK`. */
  diskSizeUnits: string;
  /** Physical file size in bytes, as a string (the reference's type). */
  imageSizeInBytes: string;
  /** `rootonly` for imports and captures. */
  type: string;
  comments: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewImage = Omit<ImageRecord, 'createdAt' | 'updatedAt' | 'comments'> & {
  comments?: string | null;
};
