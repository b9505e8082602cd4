import { IsDefined, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { OS_VERSION } from '#images';
import { Integerish } from '#envelope';

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

/** `grow_root_volume`: the guest's OS version (reference §3 `os_version`). */
export class GrowRootVolumeActionDto {
  @IsDefined()
  @IsString()
  @Matches(OS_VERSION, { message: 'os_version is not a supported OS version' })
  os_version!: string;
}
