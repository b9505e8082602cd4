import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { USERID_PATTERN } from '#envelope';

export class FcpUsageDto {
  @IsOptional() @IsString() @Matches(USERID_PATTERN) userid?: string;
  /** 1: in use by `userid`; 0: free to operate. */
  @IsDefined() @IsInt() @IsIn([0, 1]) reserved!: number;
  /** Connection count: a non-negative integer the database column can hold. */
  @IsDefined() @IsInt() @Min(0) @Max(2147483647) connections!: number;
  @IsOptional() @IsString() @MaxLength(36) fcp_template_id?: string;
}

/** PUT /volumes/fcp/{fcp_id} body: the fields wrapped in `info`, as the reference's client sends. */
export class FcpUsageBody {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => FcpUsageDto) info!: FcpUsageDto;
}
