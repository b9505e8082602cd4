import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type Envelope, Errors, validationError } from '#envelope';
import type { Accepted, OperationRequest } from '#operations';
import {
  type CaptureActionDto,
  type DeployActionDto,
  type GrowRootVolumeActionDto,
  GUEST_ACTIONS,
  type GuestAction,
} from './guest-action.dto.js';
import { GUEST_ACTION_BODIES } from './guest-action-bodies.js';
import type {
  LiveMigrateActionDto,
  RegisterVmActionDto,
} from '../migration/migration-action.dto.js';
import { GuestChangesService } from './guest-changes.service.js';
import type { ResizeCpusActionDto, ResizeMemActionDto } from './resize-action.dto.js';
import { GuestImageService } from '../deploy-capture/guest-image.service.js';
import { MigrationService } from '../migration/migration.service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each action's own DTO
type Dispatch = (userid: string, dto: any, req: OperationRequest) => Promise<Envelope | Accepted>;

/** Validates an action body and dispatches it (an action without a handler does not compile). */
@Injectable()
export class GuestActionsService {
  /** Each body is validated first by its DTO in GUEST_ACTION_BODIES. */
  private readonly handlers: Record<GuestAction, Dispatch>;

  constructor(
    images: GuestImageService,
    migration: MigrationService,
    changes: GuestChangesService,
  ) {
    this.handlers = {
      start: (u, _, r) => changes.simple('guest.start', u, r),
      stop: (u, _, r) => changes.simple('guest.stop', u, r),
      softstop: (u, _, r) => changes.simple('guest.softstop', u, r),
      pause: (u, _, r) => changes.simple('guest.pause', u, r),
      unpause: (u, _, r) => changes.simple('guest.unpause', u, r),
      reboot: (u, _, r) => changes.simple('guest.reboot', u, r),
      reset: (u, _, r) => changes.simple('guest.reset', u, r),
      get_console_output: (u, _, r) => changes.simple('guest.console-output', u, r),
      resize_cpus: (u, d: ResizeCpusActionDto, r) => changes.resizeCpus(u, d, r),
      live_resize_cpus: (u, d: ResizeCpusActionDto, r) => changes.resizeCpus(u, d, r, true),
      live_resize_mem: (u, d: ResizeMemActionDto, r) => changes.resizeMem(u, d, r, true),
      resize_mem: (u, d: ResizeMemActionDto, r) => changes.resizeMem(u, d, r),
      deploy: (u, d: DeployActionDto, r) => images.deploy(u, d, r),
      capture: (u, d: CaptureActionDto, r) => images.capture(u, d, r),
      live_migrate_vm: (u, d: LiveMigrateActionDto, r) => migration.liveMigrate(u, d, r),
      register_vm: (u, d: RegisterVmActionDto) => migration.register(u, d),
      deregister_vm: (u) => migration.deregister(u),
      grow_root_volume: (u, d: GrowRootVolumeActionDto, r) =>
        changes.growRootVolume(u, d.os_version, r),
    };
  }

  async run(userid: string, body: unknown, req: OperationRequest): Promise<Envelope | Accepted> {
    const fields =
      body && typeof body === 'object' && !Array.isArray(body)
        ? { ...(body as Record<string, unknown>) }
        : {};
    const action = fields.action;
    if (typeof action !== 'string' || !action)
      throw Errors.badRequest('action not exist or is empty');
    if (!(GUEST_ACTIONS as readonly string[]).includes(action)) {
      throw Errors.badRequest(`action ${action} is invalid`);
    }
    const handler = this.handlers[action as GuestAction];
    delete fields.action;
    const dtoClass = GUEST_ACTION_BODIES[action as GuestAction];
    if (!dtoClass) return handler(userid, {}, req);
    const dto = plainToInstance(dtoClass, fields);
    const problems = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (problems.length) throw validationError(problems);
    return handler(userid, dto, req);
  }
}
