import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { pyRepr } from '#envelope';
import { doesNotMatch, intBetween, notOneOf } from './messages.js';
import { VSWITCH_NAME } from '../vswitch-name.js';

/** Accepted spellings (reference-behaviour §3; the capitals mark CP's abbreviations). */
export const CONNECTIONS = [
  'CONnect', 'CONNECT', 'connect', 'DISCONnect', 'DISCONNECT', 'disconnect', 'NOUPLINK', 'nouplink',
] as const; // prettier-ignore
export const ROUTERS = [
  'NONrouter', 'NONROUTER', 'nonrouter', 'PRIrouter', 'PRIROUTER', 'prirouter',
] as const; // prettier-ignore
export const NETWORK_TYPES = ['IP', 'ip', 'ETHernet', 'ethernet', 'ETHERNET'] as const;
export const VID_WORDS = ['UNAWARE', 'unaware', 'AWARE', 'aware'] as const;
export const PORT_TYPES = ['ACCESS', 'access', 'TRUNK', 'trunk'] as const;
export const GVRPS = ['GVRP', 'gvrp', 'NOGVRP', 'nogvrp'] as const;
export const BOOLISH = [
  true, false, 'True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes',
  'False', 'FALSE', 'false', '0', 'OFF', 'Off', 'off', 'NO', 'No', 'no',
] as const; // prettier-ignore

/** Up to three blank-separated real device numbers (the reference's rdev_list pattern). */
export const RDEV_LIST = /^([0-9a-fA-F]{0,4})(\s+[0-9a-fA-F]{0,4}){0,2}$/;

/** A JSON integer in [min, max] (strings are refused, as the reference's schema does). */
export function IsIntBetween(min: number, max: number, opts?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isIntBetween',
      validator: {
        validate: (v: unknown) =>
          Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
        defaultMessage: intBetween(min, max),
      },
    },
    opts,
  );
}

/** `vid`: UNAWARE/AWARE in either case, or a VLAN id 1–4094. */
function IsVid() {
  return ValidateBy({
    name: 'isVid',
    validator: {
      validate: (v: unknown) =>
        (VID_WORDS as readonly unknown[]).includes(v) ||
        (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 4094),
      defaultMessage: (args) =>
        `${pyRepr(args?.value)} is not valid under any of the given schemas`,
    },
  });
}

export class CreateVswitchDto {
  @IsDefined()
  @IsString()
  @Length(1, 8)
  @Matches(VSWITCH_NAME, { message: doesNotMatch(VSWITCH_NAME) })
  name!: string;
  @IsOptional()
  @IsString()
  @Matches(RDEV_LIST, { message: doesNotMatch(RDEV_LIST) })
  rdev?: string | null;
  /** `*` or a controller userid. */
  @IsOptional() @IsString() @Length(1, 8) controller?: string;
  @IsOptional() @IsIn(CONNECTIONS, { message: notOneOf(CONNECTIONS) }) connection?: string;
  @IsOptional() @IsIn(NETWORK_TYPES, { message: notOneOf(NETWORK_TYPES) }) network_type?: string;
  @IsOptional() @IsIn(ROUTERS, { message: notOneOf(ROUTERS) }) router?: string;
  @IsOptional() @IsVid() vid?: string | number;
  @IsOptional() @IsIn(PORT_TYPES, { message: notOneOf(PORT_TYPES) }) port_type?: string;
  @IsOptional() @IsIn(GVRPS, { message: notOneOf(GVRPS) }) gvrp?: string;
  @IsOptional() @IsIntBetween(1, 8) queue_mem?: number;
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsIntBetween(1, 4094)
  native_vid?: number | null;
  @IsOptional() @IsIn(BOOLISH, { message: notOneOf(BOOLISH) }) persist?: boolean | string;
}

/** POST /vswitches body: the fields wrapped in `vswitch`. */
export class CreateVswitchBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CreateVswitchDto)
  vswitch!: CreateVswitchDto;
}
