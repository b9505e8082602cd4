import { Type } from 'class-transformer';
import {
  IsDefined,
  IsObject,
  IsString,
  Matches,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { USERID_PATTERN as USERID } from '#envelope';
import { doesNotMatch } from './messages.js';
import { IsIntBetween } from './create-vswitch.dto.js';

export class UserVlanIdDto {
  @IsDefined() @IsString() @Matches(USERID, { message: doesNotMatch(USERID) }) userid!: string;
  /** 1–4094: the reference refuses −1, 0, 4095 and strings (spec says −1 is allowed). */
  @IsDefined() @IsIntBetween(1, 4094) vlanid!: number;
}

/** Absent is optional; null is a value, and a wrong one (IsOptional would let it through). */
const IfPresent = () => ValidateIf((_, v) => v !== undefined);

/** Any subset of the three forms; the first present wins (grant > revoke > vlan). */
export class UpdateVswitchDto {
  @IfPresent()
  @IsString()
  @Matches(USERID, { message: doesNotMatch(USERID) })
  grant_userid?: string;
  @IfPresent()
  @IsString()
  @Matches(USERID, { message: doesNotMatch(USERID) })
  revoke_userid?: string;
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => UserVlanIdDto)
  user_vlan_id?: UserVlanIdDto;
}

/** PUT /vswitches/{name} body: wrapped in `vswitch`. */
export class UpdateVswitchBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateVswitchDto)
  vswitch!: UpdateVswitchDto;
}
