import { ArrayMinSize, IsArray, IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { USERID } from './patterns.js';

/** One volume connection (spec §4.4), normalised: ids lower case, assigner upper case. */
export class VolumeConnectionPayload {
  @Matches(USERID) assignerId!: string;
  @IsArray() @ArrayMinSize(1) @Matches(/^[0-9a-f]{4}$/, { each: true }) fcps!: string[];
  @IsOptional() @IsString() fcpTemplateId?: string;
  @IsArray() @Matches(/^0x[0-9a-f]{16}$/, { each: true }) targetWwpns!: string[];
  @Matches(/^0x[0-9a-f]{16}$/) targetLun!: string;
  @IsString() osVersion!: string;
  @IsBoolean() multipath!: boolean;
  @IsOptional() @IsString() mountPoint?: string;
  @IsBoolean() isRootVolume!: boolean;
  @IsBoolean() updateConnectionsOnly!: boolean;
  /** Undo the completed phases in reverse when a later one fails (reference default true). */
  @IsBoolean() doRollback!: boolean;
}
