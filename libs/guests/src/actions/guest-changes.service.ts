import { Injectable } from '@nestjs/common';
import type { Envelope, Userid } from '#envelope';
import type { JobName, JobPayload } from '#jobs';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import type { ResizeCpusActionDto, ResizeMemActionDto } from './resize-action.dto.js';
import { ManagedGuests } from '../managed/managed-guests.js';

/** Guest actions of spec §4.7 that change the guest: each submitted as an operation. */
@Injectable()
export class GuestChangesService {
  constructor(
    private readonly managed: ManagedGuests,
    private readonly ops: OperationsService,
  ) {}

  /** 404 at once for an unmanaged guest; otherwise the job, under the actions' status rule. */
  private async submit<N extends JobName>(
    name: N,
    userid: Userid,
    payload: (id: Userid) => JobPayload<N>,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.ops.submit(name, payload(await this.managed.require(userid)), req);
  }

  /** An action whose payload is just the guest (power actions among them). */
  simple(
    name:
      | 'guest.start'
      | 'guest.stop'
      | 'guest.softstop'
      | 'guest.pause'
      | 'guest.unpause'
      | 'guest.reboot'
      | 'guest.reset'
      | 'guest.console-output',
    userid: Userid,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.submit(name, userid, (id) => ({ userid: id }), req);
  }

  /** grow_root_volume: the OS version is lower-cased as the reference stores it. */
  growRootVolume(
    userid: Userid,
    osVersion: string,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.submit(
      'guest.grow-root-volume',
      userid,
      (id) => ({ userid: id, osVersion: osVersion.toLowerCase() }),
      req,
    );
  }

  resizeCpus(
    userid: Userid,
    dto: ResizeCpusActionDto,
    req: OperationRequest,
    live = false,
  ): Promise<Envelope | Accepted> {
    return this.submit(
      live ? 'guest.live-resize-cpus' : 'guest.resize-cpus',
      userid,
      (id) => ({ userid: id, cpuCnt: dto.cpu_cnt }),
      req,
    );
  }

  resizeMem(
    userid: Userid,
    dto: ResizeMemActionDto,
    req: OperationRequest,
    live = false,
  ): Promise<Envelope | Accepted> {
    return this.submit(
      live ? 'guest.live-resize-mem' : 'guest.resize-mem',
      userid,
      (id) => ({ userid: id, size: dto.size }),
      req,
    );
  }
}
