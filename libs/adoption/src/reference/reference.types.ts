/**
 * The reference's records as its four SQLite files hold them (zvmsdk/database.py), read with
 * the case and encoding kept, except that keys are normalised the way this service keys them.
 */

/** `sdk_guest.sqlite` table `guests`. */
export interface RefGuest {
  id: string;
  /** Upper case (the column is COLLATE NOCASE). */
  userid: string;
  /** `key=value` comma list, e.g. `os_version=rhel9.0`; '' when none. */
  metadata: string;
  netSet: number;
  /** `comments` as stored: a JSON object's text (`{"migrated": 1}`), '' when none. */
  comments: string;
}

/** `sdk_image.sqlite` table `image`. */
export interface RefImage {
  imagename: string;
  imageosdistro: string;
  md5sum: string;
  diskSizeUnits: string;
  imageSizeInBytes: string;
  type: string;
  comments: string | null;
}

/** `sdk_fcp.sqlite` table `fcp`. */
export interface RefFcp {
  /** Lower case. */
  fcpId: string;
  /** Upper case; '' when none. */
  assignerId: string;
  connections: number;
  reserved: number;
  wwpnNpiv: string;
  wwpnPhy: string;
  chpid: string;
  pchid: string;
  state: string;
  owner: string;
  /** Template the FCP was allocated from; '' when none. */
  tmplId: string;
}

/** `sdk_fcp.sqlite` tables `template`, `template_fcp_mapping` and `template_sp_mapping`. */
export interface RefTemplate {
  id: string;
  name: string;
  description: string;
  isDefault: boolean;
  minFcpPathsCount: number;
  /** path number → FCP ids (lower case, sorted). */
  paths: string[][];
  storageProviders: string[];
}

/** `sdk_network.sqlite` table `switch`. */
export interface RefSwitch {
  /** Upper case. */
  userid: string;
  interface: string;
  switch: string | null;
  port: string | null;
  comments: string | null;
}

/** What was read; a kind whose file is missing is undefined (that part is skipped). */
export interface ReferenceRecords {
  guests?: RefGuest[];
  images?: RefImage[];
  fcp?: { fcps: RefFcp[]; templates: RefTemplate[] };
  switches?: RefSwitch[];
  /** The files that were not there. */
  missing: string[];
}
