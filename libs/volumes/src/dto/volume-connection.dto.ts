import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { USERID_PATTERN } from '#envelope';
import { MOUNT_POINT, OS_VERSION } from '#jobs';
import { BOOLISH } from './fcp-template.dto.js';

const FCP = /^[0-9a-fA-F]{4}$/;
const WWPN = /^0x[0-9a-fA-F]{16}$/;

/** The volume `connection` (spec §4.4; reference names `zvm_fcp`, the spec's `hv_fcp`). */
export class VolumeConnectionDto {
  @IsDefined() @Matches(USERID_PATTERN) assigner_id!: string;
  @ValidateIf((o: VolumeConnectionDto) => o.hv_fcp === undefined)
  @IsArray()
  @ArrayMinSize(1)
  @Matches(FCP, { each: true })
  zvm_fcp?: string[];
  @ValidateIf((o: VolumeConnectionDto) => o.zvm_fcp === undefined)
  @IsArray()
  @ArrayMinSize(1)
  @Matches(FCP, { each: true })
  hv_fcp?: string[];
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(36)
  fcp_template_id?: string | null;
  @IsDefined() @IsArray() @Matches(WWPN, { each: true }) target_wwpn!: string[];
  @IsDefined() @Matches(WWPN) target_lun!: string;
  @IsDefined()
  @IsString()
  @Matches(OS_VERSION, { message: `os_version does not match '${OS_VERSION.source}'` })
  os_version!: string;
  @IsDefined() @IsIn(BOOLISH) multipath!: boolean | string;
  /**
   * Written into the guest's attach script: an absolute path of plain characters only.
   * Required, as the reference's `connection_info` schema has it.
   */
  @IsDefined()
  @IsString()
  @Matches(MOUNT_POINT, {
    message: 'mount_point must be an absolute path of letters, digits and ._-/',
  })
  mount_point?: string;
  @IsOptional() @IsIn(BOOLISH) is_root_volume?: boolean | string;
  @IsOptional() @IsIn(BOOLISH) update_connections_only?: boolean | string;
  @IsOptional() @IsIn(BOOLISH) do_rollback?: boolean | string;
}

export class VolumeInfoDto {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => VolumeConnectionDto)
  connection!: VolumeConnectionDto;
}

/** POST/DELETE /guests/volumes body: `{"info": {"connection": {…}}}`. */
export class VolumeBody {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => VolumeInfoDto) info!: VolumeInfoDto;
}
