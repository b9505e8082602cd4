import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Validate,
  ValidateNested,
} from 'class-validator';
import { VDEV } from '#jobs';
import { Boolish } from '#envelope';
import { OS_VERSION } from '../domain/patterns.js';
import { GuestNetworksConstraint } from './guest-network.validator.js';

const BOOLISH = { message: "is not of type 'boolean'" };
const OS = { message: `does not match '${OS_VERSION.source}'` };

/** POST /guests/{userid}/interface, wrapped in `interface`. */
export class CreateInterfaceDto {
  @IsDefined() @IsString() @Matches(OS_VERSION, OS) os_version!: string;
  // no minItems, as the reference's schema: an empty list is the api's input error, after
  // the guest is found (NicChangesService.createInterface)
  @IsDefined()
  @IsArray()
  @Validate(GuestNetworksConstraint)
  guest_networks!: Record<string, unknown>[];
  @IsOptional() @Boolish() @IsBoolean(BOOLISH) active?: boolean;
}

export class CreateInterfaceBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CreateInterfaceDto)
  interface!: CreateInterfaceDto;
}

/** DELETE /guests/{userid}/interface, wrapped in `interface`. */
export class DeleteInterfaceDto {
  @IsDefined() @IsString() @Matches(OS_VERSION, OS) os_version!: string;
  @IsDefined()
  @IsString()
  @Matches(VDEV, { message: 'is not 1 to 4 hexadecimal digits' })
  vdev!: string;
  @IsOptional() @Boolish() @IsBoolean(BOOLISH) active?: boolean;
}

export class DeleteInterfaceBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => DeleteInterfaceDto)
  interface!: DeleteInterfaceDto;
}
