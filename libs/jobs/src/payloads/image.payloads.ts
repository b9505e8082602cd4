import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import type { Userid } from '#envelope';
import { USERID, VDEV } from './patterns.js';

/** `user@host` with a dotted IPv4 address or a name with at least one dot (reference §3). */
export const REMOTE_HOST =
  /^[a-zA-Z0-9-]+@(\d{1,3}(\.\d{1,3}){3}|[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+)$/;

/** image.import: copy an image into the repository and record it. */
export class ImportImagePayload {
  @IsString() imageName!: string;
  /** `file://…` (confined to the import directories), `http(s)://…`, or a path on remoteHost. */
  @IsString() url!: string;
  /** Lower-case OS version (os_version of image_meta). */
  @IsString() osVersion!: string;
  @IsOptional() @Matches(/^[0-9a-f]{32}$/) md5sum?: string;
  @IsOptional() @IsIn(['DASD', 'SCSI']) diskType?: 'DASD' | 'SCSI';
  @IsOptional() @Matches(REMOTE_HOST) remoteHost?: string;
}

/** image.export: copy a repository image to `file://…` (confined) or a path on remoteHost. */
export class ExportImagePayload {
  @IsString() imageName!: string;
  @IsString() destUrl!: string;
  @IsOptional() @Matches(REMOTE_HOST) remoteHost?: string;
}

/** guest.deploy: the image's bytes onto the guest's root minidisk, transport files to its reader. */
export class DeployPayload {
  @Matches(USERID) userid!: Userid;
  /** Image name, or the OS version when skipDiskCopy. */
  @IsString() image!: string;
  @IsOptional() @IsString() transportfiles?: string;
  @IsOptional() @Matches(REMOTE_HOST) remotehost?: string;
  @IsOptional() @Matches(VDEV) vdev?: string;
  @IsOptional() @IsString() hostname?: string;
  @IsOptional() skipDiskCopy?: boolean;
}

/** guest.capture: the guest's root minidisk into a new repository image. */
export class CapturePayload {
  @Matches(USERID) userid!: Userid;
  @IsString() image!: string;
  @IsIn(['rootonly']) captureType!: 'rootonly';
  @IsInt() @Min(0) @Max(9) compressLevel!: number;
}
