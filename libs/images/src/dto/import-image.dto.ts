import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import { REMOTE_HOST } from '#jobs';
import { IMAGE_URL } from '../domain/image-url.js';
import { IMAGE_NAME, MD5, OS_VERSION } from '../domain/patterns.js';
import { doesNotMatch, notOneOf } from './messages.js';

export const DISK_TYPES = ['DASD', 'dasd', 'SCSI', 'scsi'] as const;

export class ImageMetaDto {
  @IsDefined()
  @IsString()
  @Matches(OS_VERSION, { message: doesNotMatch(OS_VERSION) })
  os_version!: string;
  @IsOptional() @IsString() @Matches(MD5, { message: doesNotMatch(MD5) }) md5sum?: string;
  /** Required for RHCOS images (checked by the service: image rs 14, as the reference). */
  @IsOptional() @IsIn(DISK_TYPES, { message: notOneOf(DISK_TYPES) }) disk_type?: string;
}

export class ImportImageDto {
  @IsDefined()
  @IsString()
  @Matches(IMAGE_NAME, { message: doesNotMatch(IMAGE_NAME) })
  image_name!: string;
  /** `file:///<path>` (local or on remote_host) or `http(s)://…`. */
  @IsDefined() @IsString() @Matches(IMAGE_URL, { message: doesNotMatch(IMAGE_URL) }) url!: string;
  @IsDefined() @IsObject() @ValidateNested() @Type(() => ImageMetaDto) image_meta!: ImageMetaDto;
  /** `user@host`: the url is a path on that host, copied with scp. */
  @IsOptional()
  @IsString()
  @Matches(REMOTE_HOST, { message: doesNotMatch(REMOTE_HOST) })
  remote_host?: string;
}

/** POST /images body: the fields wrapped in `image`. */
export class ImportImageBody {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => ImportImageDto) image!: ImportImageDto;
}
