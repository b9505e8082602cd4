import { Type } from 'class-transformer';
import { ArrayNotEmpty, IsArray, Matches, ValidateNested } from 'class-validator';
import { ResolvedDisk } from './create-guest.payload.js';
import { USERID, VDEV } from './patterns.js';

/** guest.add-disks: disks resolved by the api (pool, vdev, units), so a retry is identical. */
export class AddDisksPayload {
  @Matches(USERID) userid!: string;
  @IsArray()
  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => ResolvedDisk)
  disks!: ResolvedDisk[];
}

/** guest.delete-disks: minidisks to remove from a logged-off guest. */
export class DeleteDisksPayload {
  @Matches(USERID) userid!: string;
  @IsArray() @ArrayNotEmpty() @Matches(VDEV, { each: true }) vdevs!: string[];
}
