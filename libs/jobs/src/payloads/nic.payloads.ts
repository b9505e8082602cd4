import {
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
import type { Userid } from '#envelope';
import { USERID, VDEV } from './patterns.js';

/** nic.create: the device number is chosen by the worker when absent (in the guest's order). */
export class CreateNicPayload {
  @Matches(USERID) userid!: Userid;
  @IsOptional() @Matches(VDEV) vdev?: string;
  @IsOptional() @IsString() nicId?: string;
  /** Last 6 hex digits of the requested MAC address. */
  @IsOptional() @Matches(/^[0-9A-F]{6}$/) macId?: string;
  @IsBoolean() active!: boolean;
}

/** nic.delete and the NIC part of interface.delete. */
export class DeleteNicPayload {
  @Matches(USERID) userid!: Userid;
  @Matches(VDEV) vdev!: string;
  @IsBoolean() active!: boolean;
}

/** nic.couple (vswitch set) and nic.uncouple. */
export class CoupleNicPayload {
  @Matches(USERID) userid!: Userid;
  @Matches(VDEV) vdev!: string;
  @IsOptional() @IsString() vswitch?: string;
  /** -1: no VLAN id given. */
  @IsOptional() @IsInt() @Min(-1) @Max(4094) vlanId?: number;
  @IsBoolean() active!: boolean;
}

/** interface.create: the guest network entries as given (extra keys kept, as the reference). */
export class CreateInterfacePayload {
  @Matches(USERID) userid!: Userid;
  @IsString() osVersion!: string;
  @IsArray() @IsObject({ each: true }) networks!: Record<string, unknown>[];
  @IsBoolean() active!: boolean;
}

/** interface.delete: the interface on NIC `vdev` leaves the guest's configuration. */
export class DeleteInterfacePayload {
  @Matches(USERID) userid!: Userid;
  @IsString() osVersion!: string;
  @Matches(VDEV) vdev!: string;
  @IsBoolean() active!: boolean;
}
