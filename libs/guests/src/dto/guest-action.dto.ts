import { IsInt, IsOptional, Min } from 'class-validator';
import { Integerish } from './transforms.js';

/** `start`: optional seconds to wait for the guest OS to become reachable. */
export class StartActionDto {
  @IsOptional() @Integerish() @IsInt() @Min(0) timeout?: number;
}

/** `stop`: optional wait for the log-off, and poll interval, in seconds. */
export class StopActionDto {
  @IsOptional() @Integerish() @IsInt() @Min(0) timeout?: number;
  @IsOptional() @Integerish() @IsInt() @Min(0) poll_interval?: number;
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
