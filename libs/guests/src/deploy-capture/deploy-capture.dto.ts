import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { Boolish } from '#envelope';
import { REMOTE_HOST, VDEV } from '#jobs';

/** `deploy` (reference §3): the image, or the OS version with skipdiskcopy. */
export class DeployActionDto {
  @IsDefined() @IsString() @Length(1, 255) image!: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() transportfiles?: string | null;
  @IsOptional()
  @Matches(REMOTE_HOST, { message: 'remotehost must be <user>@<ip> or <user>@<host.domain>' })
  remotehost?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @Matches(VDEV) vdev?: string | null;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Length(1, 255)
  @Matches(/^[a-zA-Z0-9-._]*$/)
  hostname?: string | null;
  @IsOptional() @Boolish() @IsBoolean() skipdiskcopy?: boolean;
}

/** `capture`: rootonly (default); alldisks is not implemented (501), as in the reference. */
export class CaptureActionDto {
  @IsDefined() @IsString() @Length(1, 255) image!: string;
  @IsOptional() @IsIn(['rootonly', 'alldisks']) capture_type?: 'rootonly' | 'alldisks';
  @IsOptional() @IsInt() @Min(0) @Max(9) compress_level?: number;
}
