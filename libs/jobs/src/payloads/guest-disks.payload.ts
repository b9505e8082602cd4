import { Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import type { Userid } from '#envelope';
import { ResolvedDisk } from './create-guest.payload.js';
import { USERID, VDEV } from './patterns.js';

/** guest.add-disks: disks resolved by the api (pool, vdev, units), so a retry is identical. */
export class AddDisksPayload {
  @Matches(USERID) userid!: Userid;
  @IsArray()
  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => ResolvedDisk)
  disks!: ResolvedDisk[];
}

/** guest.delete-disks: minidisks to remove from a logged-off guest. */
export class DeleteDisksPayload {
  @Matches(USERID) userid!: Userid;
  @IsArray() @ArrayNotEmpty() @Matches(VDEV, { each: true }) vdevs!: string[];
}

/** One disk for the guest OS to make a file system on and mount (PUT disks). */
export class ConfigDisk {
  @Matches(VDEV) vdev!: string;
  @IsIn(['ext2', 'ext3', 'ext4', 'xfs', 'swap', 'none']) format!: string;
  /** Mount point, or `swap` for a swap disk. */
  @IsString() @IsNotEmpty() mntdir!: string;
}

/** guest.config-disks: setup files for the guest's configuration service, resolved by the api. */
export class ConfigDisksPayload {
  @Matches(USERID) userid!: Userid;
  @IsArray()
  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => ConfigDisk)
  disks!: ConfigDisk[];
}
