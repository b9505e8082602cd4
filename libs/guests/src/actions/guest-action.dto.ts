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
import { OS_VERSION } from '#images';
import { REMOTE_HOST, VDEV } from '#jobs';
import { Boolish, Integerish } from '#envelope';

/** Longest wait a start or stop may ask for: a day (an operation holds its guest's line). */
export const MAX_WAIT_S = 86_400;

/** `start`: optional seconds to wait for the guest OS to become reachable. */
export class StartActionDto {
  @IsOptional() @Integerish() @IsInt() @Min(0) @Max(MAX_WAIT_S) timeout?: number;
}

/** `stop`: optional wait for the log-off, and poll interval, in seconds. */
export class StopActionDto {
  @IsOptional() @Integerish() @IsInt() @Min(0) @Max(MAX_WAIT_S) timeout?: number;
  @IsOptional() @Integerish() @IsInt() @Min(0) @Max(MAX_WAIT_S) poll_interval?: number;
}

/** Every action of spec §4.7; those without a handler yet answer 501. */
export const GUEST_ACTIONS = [
  'start',
  'stop',
  'softstop',
  'pause',
  'unpause',
  'reboot',
  'reset',
  'get_console_output',
  'live_migrate_vm',
  'register_vm',
  'deregister_vm',
  'live_resize_cpus',
  'resize_cpus',
  'live_resize_mem',
  'resize_mem',
  'deploy',
  'capture',
  'grow_root_volume',
] as const;
export type GuestAction = (typeof GUEST_ACTIONS)[number];

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

/** `grow_root_volume`: the guest's OS version (reference §3 `os_version`). */
export class GrowRootVolumeActionDto {
  @IsDefined()
  @IsString()
  @Matches(OS_VERSION, { message: 'os_version is not a supported OS version' })
  os_version!: string;
}
