import { AcceptsUnknownKeys } from '#envelope';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** A WWPN or LUN: 16 hex digits, with or without `0x` (the reference passes both through). */
const HEX16 = /^(0x)?[0-9a-fA-F]{16}$/;

/**
 * volume_refresh_bootmap `info` (spec §4.11). The reference has no schema (a missing key is a
 * KeyError, 500); here missing or malformed fields are a 400 naming them.
 */
@AcceptsUnknownKeys()
export class RefreshBootmapInfoDto {
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[0-9a-fA-F]{1,4}$/, { each: true })
  fcpchannel!: string[];
  @IsDefined() @IsArray() @ArrayMinSize(1) @Matches(HEX16, { each: true }) wwpn!: string[];
  @IsDefined() @Matches(HEX16) lun!: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() wwid?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() transportfiles?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsArray() guest_networks?: unknown[] | null;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(36)
  fcp_template_id?: string | null;
}

/** PUT /volumes/volume_refresh_bootmap body: `{"info": {…}}`. */
// the reference has no schema on this route: its client sends every keyword argument
@AcceptsUnknownKeys()
export class RefreshBootmapBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => RefreshBootmapInfoDto)
  info!: RefreshBootmapInfoDto;
}
