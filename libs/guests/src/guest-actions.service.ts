import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type Envelope, Errors, validationError } from '#envelope';
import type { Accepted, OperationRequest } from '#operations';
import {
  CaptureActionDto,
  DeployActionDto,
  GrowRootVolumeActionDto,
  GUEST_ACTIONS,
  type GuestAction,
  StartActionDto,
  StopActionDto,
} from './dto/guest-action.dto.js';
import { LiveMigrateActionDto, RegisterVmActionDto } from './dto/migration-action.dto.js';
import { GuestChangesService } from './actions/guest-changes.service.js';
import { ResizeCpusActionDto, ResizeMemActionDto } from './dto/resize-action.dto.js';
import { GuestImageService } from './image/guest-image.service.js';
import { GuestsService } from './guests.service.js';
import { MigrationService } from './migration/migration.service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each action's own DTO
type Dispatch = (userid: string, dto: any, req: OperationRequest) => Promise<Envelope | Accepted>;

/** Validates an action body and dispatches it; actions not built yet say so with a 501. */
@Injectable()
export class GuestActionsService {
  /** `dto: null`: the action has no schema in the reference, so any extra fields are ignored. */
  private readonly handlers: Partial<
    Record<GuestAction, { dto: (new () => object) | null; run: Dispatch }>
  >;

  constructor(
    guests: GuestsService,
    images: GuestImageService,
    migration: MigrationService,
    changes: GuestChangesService,
  ) {
    this.handlers = {
      start: { dto: StartActionDto, run: (u, _, r) => guests.start(u, r) },
      stop: { dto: StopActionDto, run: (u, _, r) => guests.stop(u, r) },
      softstop: { dto: StopActionDto, run: (u, _, r) => changes.simple('guest.softstop', u, r) },
      pause: { dto: null, run: (u, _, r) => changes.simple('guest.pause', u, r) },
      unpause: { dto: null, run: (u, _, r) => changes.simple('guest.unpause', u, r) },
      reboot: { dto: null, run: (u, _, r) => changes.simple('guest.reboot', u, r) },
      reset: { dto: null, run: (u, _, r) => changes.simple('guest.reset', u, r) },
      get_console_output: {
        dto: null,
        run: (u, _, r) => changes.simple('guest.console-output', u, r),
      },
      resize_cpus: {
        dto: ResizeCpusActionDto,
        run: (u, d: ResizeCpusActionDto, r) => changes.resizeCpus(u, d, r),
      },
      live_resize_cpus: {
        dto: ResizeCpusActionDto,
        run: (u, d: ResizeCpusActionDto, r) => changes.resizeCpus(u, d, r, true),
      },
      live_resize_mem: {
        dto: ResizeMemActionDto,
        run: (u, d: ResizeMemActionDto, r) => changes.resizeMem(u, d, r, true),
      },
      resize_mem: {
        dto: ResizeMemActionDto,
        run: (u, d: ResizeMemActionDto, r) => changes.resizeMem(u, d, r),
      },
      deploy: { dto: DeployActionDto, run: (u, d: DeployActionDto, r) => images.deploy(u, d, r) },
      capture: {
        dto: CaptureActionDto,
        run: (u, d: CaptureActionDto, r) => images.capture(u, d, r),
      },
      live_migrate_vm: {
        dto: LiveMigrateActionDto,
        run: (u, d: LiveMigrateActionDto, r) => migration.liveMigrate(u, d, r),
      },
      register_vm: {
        dto: RegisterVmActionDto,
        run: (u, d: RegisterVmActionDto) => migration.register(u, d),
      },
      deregister_vm: { dto: null, run: (u) => migration.deregister(u) },
      grow_root_volume: {
        dto: GrowRootVolumeActionDto,
        run: (u, d: GrowRootVolumeActionDto, r) => changes.growRootVolume(u, d.os_version, r),
      },
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
    if (!handler) throw Errors.notImplemented('guest', `guest action ${action}`);
    delete fields.action;
    if (!handler.dto) return handler.run(userid, {}, req);
    const dto = plainToInstance(handler.dto, fields);
    const problems = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (problems.length) throw validationError(problems);
    return handler.run(userid, dto, req);
  }
}
