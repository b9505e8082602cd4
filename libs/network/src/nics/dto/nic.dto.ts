import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { VDEV } from '#jobs';
import { Boolish, AcceptsUnknownKeys } from '#envelope';
import { MAC_ADDR, VSWITCH_NAME } from '../domain/patterns.js';

const BOOLISH = { message: "is not of type 'boolean'" };

/** POST /guests/{userid}/nic, wrapped in `nic` (reference schema `nic`). */
export class CreateNicDto {
  // null or absent: the next free device number (reference §10 #9)
  @IsOptional()
  @IsString()
  @Matches(VDEV, { message: 'is not 1 to 4 hexadecimal digits' })
  vdev?: string | null;
  @IsOptional() @IsString() nic_id?: string;
  @IsOptional()
  @IsString()
  @Matches(MAC_ADDR, { message: `does not match '${MAC_ADDR.source}'` })
  mac_addr?: string;
  @IsOptional() @Boolish() @IsBoolean(BOOLISH) active?: boolean;
}

export class CreateNicBody {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => CreateNicDto) nic!: CreateNicDto;
}

/** DELETE /guests/{userid}/nic/{vdev}: a JSON body, `{}` at least (reference §6). */
// no schema in the reference
@AcceptsUnknownKeys()
export class DeleteNicBody {
  @IsOptional() @Boolish() @IsBoolean(BOOLISH) active?: boolean;
}

/** PUT /guests/{userid}/nic/{vdev}, wrapped in `info`: couple or uncouple. */
export class CoupleNicDto {
  @IsDefined() @Boolish() @IsBoolean(BOOLISH) couple!: boolean;
  @IsOptional() @Boolish() @IsBoolean(BOOLISH) active?: boolean;
  // the reference's schema does not require it, but a couple without a vswitch cannot work
  @ValidateIf((o: CoupleNicDto) => o.couple === true || o.vswitch !== undefined)
  @IsDefined()
  @IsString()
  @Matches(VSWITCH_NAME, { message: 'is not 1 to 8 characters' })
  vswitch?: string;
  @IsOptional()
  @IsInt({ message: "is not of type 'integer'" })
  @Min(-1)
  @Max(4094)
  vlan_id?: number;
}

export class CoupleNicBody {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => CoupleNicDto) info!: CoupleNicDto;
}
