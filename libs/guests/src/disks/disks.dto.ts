import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import { VDEV } from '#jobs';
import { DiskSpecDto } from '../lifecycle/create-guest.dto.js';

/** POST /guests/{userid}/disks: `disk_list` entries as for create (reference §3). */
export class AddDisksDto {
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DiskSpecDto)
  disk_list?: DiskSpecDto[];
}

export class AddDisksBody {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => AddDisksDto) disk_info!: AddDisksDto;
}

/** DELETE /guests/{userid}/disks: at least one vdev, no repeats. */
export class DeleteDisksDto {
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(VDEV, { each: true, message: 'vdev_list items must be 1 to 4 hexadecimal digits' })
  vdev_list!: string[];
}

export class DeleteDisksBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => DeleteDisksDto)
  vdev_info!: DeleteDisksDto;
}
