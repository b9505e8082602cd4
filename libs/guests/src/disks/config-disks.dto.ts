import { Type } from 'class-transformer';
import {
  IsArray,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { MOUNT_POINT, VDEV } from '#jobs';
import { DISK_FORMATS } from '../lifecycle/create-guest.dto.js';

/** mntdir reaches the guest's setup script: an absolute plain path, or `swap`. */
const MNTDIR = new RegExp(`${MOUNT_POINT.source}|^swap$`);

/** PUT /guests/{userid}/disks entry (reference §3): format required, no other keys. */
export class ConfigDiskDto {
  @IsOptional()
  @IsString()
  @Matches(VDEV, { message: 'vdev must be 1 to 4 hexadecimal digits' })
  vdev?: string;
  @IsDefined()
  @IsIn(DISK_FORMATS, { message: `format must be one of ${DISK_FORMATS.join(', ')}` })
  format!: string;
  @IsOptional()
  @IsString()
  @Length(1, 255)
  @Matches(MNTDIR, { message: 'mntdir must be an absolute path of letters, digits and ._-/' })
  mntdir?: string;
  /** Accepted as the reference's schema does; not used. */
  @IsOptional() @IsString() size?: string;
}

export class ConfigDisksDto {
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ConfigDiskDto)
  disk_list?: ConfigDiskDto[];
}

/** The body: `disk_info` wrapping `disk_list`. */
export class ConfigDisksBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ConfigDisksDto)
  disk_info!: ConfigDisksDto;
}
