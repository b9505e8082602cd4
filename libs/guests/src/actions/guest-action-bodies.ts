import type { Type } from '@nestjs/common';
import {
  GrowRootVolumeActionDto,
  type GuestAction,
  StartActionDto,
  StopActionDto,
} from './guest-action.dto.js';
import { CaptureActionDto, DeployActionDto } from '../deploy-capture/deploy-capture.dto.js';
import { LiveMigrateActionDto, RegisterVmActionDto } from '../migration/migration-action.dto.js';
import { ResizeCpusActionDto, ResizeMemActionDto } from './resize-action.dto.js';

/**
 * The DTO that validates the rest of each action's body (beside `action`); null: the action
 * has no schema in the reference, so any extra fields are ignored. One map, read by the
 * service and by the OpenAPI document.
 */
export const GUEST_ACTION_BODIES = {
  start: StartActionDto,
  stop: StopActionDto,
  softstop: StopActionDto,
  pause: null,
  unpause: null,
  reboot: null,
  reset: null,
  get_console_output: null,
  live_migrate_vm: LiveMigrateActionDto,
  register_vm: RegisterVmActionDto,
  deregister_vm: null,
  live_resize_cpus: ResizeCpusActionDto,
  resize_cpus: ResizeCpusActionDto,
  live_resize_mem: ResizeMemActionDto,
  resize_mem: ResizeMemActionDto,
  deploy: DeployActionDto,
  capture: CaptureActionDto,
  grow_root_volume: GrowRootVolumeActionDto,
} as const satisfies Readonly<Record<GuestAction, Type<object> | null>>;

/** The validated rest of an action's body: its DTO, or nothing for an action without one. */
export type GuestActionBody<A extends GuestAction> =
  (typeof GUEST_ACTION_BODIES)[A] extends Type<infer D> ? D : Record<string, never>;

/** A validated action body: the action and its typed rest, one variant per action. */
export type ValidGuestAction = {
  [A in GuestAction]: { action: A; body: GuestActionBody<A> };
}[GuestAction];
