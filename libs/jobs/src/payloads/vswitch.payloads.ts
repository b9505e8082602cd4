import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import type { Userid } from '#envelope';
import { USERID } from './patterns.js';

/** A vswitch by name (upper case, 1–8 characters). */
export class VswitchNamePayload {
  @IsString() @Length(1, 8) name!: string;
}

/**
 * POST /vswitches (spec §4.10), normalised: keywords in CP's full upper-case spelling, real
 * devices blank separated. Absent fields take the reference's defaults at the handler.
 */
export class VswitchCreatePayload extends VswitchNamePayload {
  @IsOptional() @IsString() rdev?: string;
  @IsOptional() @IsString() controller?: string;
  @IsOptional() @IsIn(['CONNECT', 'DISCONNECT', 'NOUPLINK']) connection?: string;
  @IsOptional() @IsIn(['IP', 'ETHERNET']) networkType?: string;
  @IsOptional() @IsIn(['NONROUTER', 'PRIROUTER']) router?: string;
  /** UNAWARE, AWARE or the default VLAN id. */
  @IsOptional() vid?: 'UNAWARE' | 'AWARE' | number;
  @IsOptional() @IsIn(['ACCESS', 'TRUNK']) portType?: string;
  @IsOptional() @IsIn(['GVRP', 'NOGVRP']) gvrp?: string;
  @IsOptional() @IsInt() @Min(1) @Max(8) queueMem?: number;
  @IsOptional() @IsInt() @Min(1) @Max(4094) nativeVid?: number;
  @IsBoolean() persist!: boolean;
}

/** PUT /vswitches/{name}: one change (the reference's first present key). */
export class VswitchUpdatePayload extends VswitchNamePayload {
  @IsIn(['grant', 'revoke', 'vlan']) change!: 'grant' | 'revoke' | 'vlan';
  @Matches(USERID) userid!: Userid;
  @IsOptional() @IsInt() @Min(1) @Max(4094) vlanId?: number;
}
