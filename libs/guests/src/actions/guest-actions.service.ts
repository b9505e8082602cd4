import { Injectable } from '@nestjs/common';
import type { Envelope, Userid } from '#envelope';
import type { Accepted, OperationRequest } from '#operations';
import type { ValidGuestAction } from './guest-action-bodies.js';
import { GuestChangesService } from './guest-changes.service.js';
import { GuestImageService } from '../deploy-capture/guest-image.service.js';
import { MigrationService } from '../migration/migration.service.js';

/** Dispatches a validated action (an action without a case does not compile). */
@Injectable()
export class GuestActionsService {
  constructor(
    private readonly changes: GuestChangesService,
    private readonly images: GuestImageService,
    private readonly migration: MigrationService,
  ) {}

  run(userid: Userid, a: ValidGuestAction, req: OperationRequest): Promise<Envelope | Accepted> {
    switch (a.action) {
      case 'start':
        return this.changes.simple('guest.start', userid, req);
      case 'stop':
        return this.changes.simple('guest.stop', userid, req);
      case 'softstop':
        return this.changes.simple('guest.softstop', userid, req);
      case 'pause':
        return this.changes.simple('guest.pause', userid, req);
      case 'unpause':
        return this.changes.simple('guest.unpause', userid, req);
      case 'reboot':
        return this.changes.simple('guest.reboot', userid, req);
      case 'reset':
        return this.changes.simple('guest.reset', userid, req);
      case 'get_console_output':
        return this.changes.simple('guest.console-output', userid, req);
      case 'resize_cpus':
        return this.changes.resizeCpus(userid, a.body, req);
      case 'live_resize_cpus':
        return this.changes.resizeCpus(userid, a.body, req, true);
      case 'resize_mem':
        return this.changes.resizeMem(userid, a.body, req);
      case 'live_resize_mem':
        return this.changes.resizeMem(userid, a.body, req, true);
      case 'deploy':
        return this.images.deploy(userid, a.body, req);
      case 'capture':
        return this.images.capture(userid, a.body, req);
      case 'live_migrate_vm':
        return this.migration.liveMigrate(userid, a.body, req);
      case 'register_vm':
        return this.migration.register(userid, a.body);
      case 'deregister_vm':
        return this.migration.deregister(userid);
      case 'grow_root_volume':
        return this.changes.growRootVolume(userid, a.body.os_version, req);
    }
  }
}
