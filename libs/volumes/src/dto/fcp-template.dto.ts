import {
  IsArray,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateIf,
} from 'class-validator';

/** Boolean-ish values of the reference's schemas (reference-behaviour §3). */
export const BOOLISH = [
  true,
  false,
  'True',
  'TRUE',
  'true',
  '1',
  'ON',
  'On',
  'on',
  'YES',
  'Yes',
  'yes',
  'False',
  'FALSE',
  'false',
  '0',
  'OFF',
  'Off',
  'off',
  'NO',
  'No',
  'no',
] as const;

/** positive_integer of the reference: a JSON integer or a digit string, at least 1. */
const POSITIVE = /^[1-9]\d{0,8}$/;
const POSITIVE_MESSAGE = 'min_fcp_paths_count must be a positive integer below 10^9';
/** A number is checked by range, so 1e308 or -2^63 is refused instead of stored. */
const isPositiveInt32 = (v: number) => Number.isInteger(v) && v >= 1 && v < 1e9;

class FcpTemplateFields {
  @IsOptional() @IsString() description?: string;
  @IsOptional() @IsString() fcp_devices?: string;
  @IsOptional() @IsIn(BOOLISH) host_default?: boolean | string;
  @IsOptional() @IsArray() @IsString({ each: true }) storage_providers?: string[];
  @IsOptional()
  @ValidateIf((_, v) => typeof v !== 'number' || !isPositiveInt32(v))
  @Matches(POSITIVE, { message: POSITIVE_MESSAGE })
  min_fcp_paths_count?: number | string;
}

/** POST /volumes/fcptemplates body (not wrapped). */
export class CreateFcpTemplateBody extends FcpTemplateFields {
  @IsDefined() @IsString() @Length(1, 255) name!: string;
}

/** PUT /volumes/fcptemplates/{id} body (not wrapped); `default_sp_list` is a 400 as there. */
export class EditFcpTemplateBody extends FcpTemplateFields {
  @IsOptional() @IsString() @Length(1, 255) name?: string;
}
