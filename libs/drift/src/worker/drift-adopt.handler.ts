import { Injectable } from '@nestjs/common';
import { Errors, type Userid, toUserid } from '#envelope';
import { GuestRegistration } from '#guests';
import type { DriftDecisionPayload, DriftDecisionResult } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import {
  DriftRepository,
  FcpRepository,
  type FcpUsage,
  GuestsRepository,
  NicsRepository,
} from '#persistence';
import { decisionRefusal } from '../domain/decisions.js';
import type { DriftItem } from '../domain/drift-item.js';
import { DriftScanner } from '../scan/drift-scanner.js';

/** Every step an adoption may have, to know a resumed one from an item resolved meanwhile. */
const STEPS = [
  'register guest',
  'release FCPs of guest',
  'forget guest',
  'record NIC',
  'forget NIC record',
  'record NIC coupling',
  'record FCP usage',
  'clear forgotten mark',
] as const;

/** Userids as rows may spell them (the assigner may be in another case): one user. */
const sameUser = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

const EMPTY: Omit<FcpUsage, 'fcpId'> = { assignerId: '', reserved: 0, connections: 0, tmplId: '' };

/**
 * drift.adopt: the database takes what the hypervisor has for one item (docs/drift.md), with
 * the service's own record-keeping: register_vm's for an unknown guest, guest.delete's for one
 * whose entry is gone, the NIC and FCP records' for theirs. Nothing on the hypervisor changes.
 * The item is read again first, in the guest's line: one no longer drift is refused (409).
 */
@Injectable()
export class DriftAdoptHandler implements OperationHandler<'drift.adopt'> {
  constructor(
    private readonly scanner: DriftScanner,
    private readonly registration: GuestRegistration,
    private readonly guests: GuestsRepository,
    private readonly nics: NicsRepository,
    private readonly fcps: FcpRepository,
    private readonly drift: DriftRepository,
  ) {}

  async run(p: DriftDecisionPayload, ctx: OperationContext): Promise<DriftDecisionResult> {
    const done: DriftDecisionResult = { kind: p.kind, id: p.id, decision: 'adopted' };
    const refusal = decisionRefusal(p.kind, 'adopt', p.id);
    if (refusal) throw refusal;
    const found = await this.scanner.find(p.kind, p.id, p.userid ?? null);
    if (!found) {
      // an earlier run of this operation adopted it before its worker stopped
      if (STEPS.some((s) => ctx.startedBefore(s))) return done;
      throw Errors.driftResolved(p.kind, p.id);
    }
    await this.adopt(found.item, ctx);
    const mark = await this.drift.forgottenOne(p.kind, p.id);
    if (mark) {
      await ctx.step('clear forgotten mark', () => this.drift.remove(p.kind, p.id), {
        undo: () => this.drift.restore(p.kind, p.id, mark),
      });
    }
    return done;
  }

  private async adopt(item: DriftItem, ctx: OperationContext): Promise<void> {
    switch (item.kind) {
      case 'guest_unknown':
        return this.registerGuest(toUserid(item.id), ctx);
      case 'guest_missing':
        return this.forgetGuest(toUserid(item.id), ctx);
      case 'nic_differs':
        return this.recordNic(item, ctx);
      case 'fcp_dedicated_unrecorded':
      case 'fcp_recorded_undedicated':
        return this.recordFcp(item, ctx);
      case 'vswitch_grant_differs':
        throw Errors.internal('adopting a vswitch grant is refused before this'); // decisionRefusal
    }
  }

  /** As register_vm with no options: the row, and NIC records of the running guest's NICs. */
  private async registerGuest(userid: Userid, ctx: OperationContext): Promise<void> {
    await ctx.step(
      'register guest',
      () => this.registration.register(userid, { metadata: '', netSet: 1, ports: {} }),
      { undo: () => this.guests.delete(userid) },
    );
  }

  /** As guest.delete does in the database: its FCPs released, its row (and NIC rows) gone. */
  private async forgetGuest(userid: Userid, ctx: OperationContext): Promise<void> {
    const held = (await this.fcps.fcps()).filter((f) => sameUser(f.assignerId, userid));
    const before = await this.fcps.usageOf(held.map((f) => f.fcpId));
    await ctx.step('release FCPs of guest', () => this.fcps.releaseAllOf(userid), {
      undo: () => this.fcps.restoreUsage(before),
    });
    // the last step: nothing after it can fail, so it needs no undo
    await ctx.step('forget guest', () => this.guests.delete(userid));
  }

  private async recordNic(item: DriftItem, ctx: OperationContext): Promise<void> {
    const userid = toUserid(item.userid ?? '');
    const vdev = item.id.split('.')[1];
    const there = item.hypervisor as { vdev: string; vswitch: string | null } | null;
    const here = item.database as {
      vdev: string;
      vswitch: string | null;
      port: string | null;
    } | null;
    if (there && !here) {
      await ctx.step(
        'record NIC',
        async () => {
          await this.nics.add(userid, vdev);
          await this.nics.setSwitch(userid, vdev, there.vswitch);
        },
        { undo: () => this.nics.remove(userid, vdev) },
      );
    } else if (!there && here) {
      await ctx.step('forget NIC record', () => this.nics.remove(userid, vdev), {
        undo: async () => {
          await this.nics.add(userid, here.vdev, here.port);
          await this.nics.setSwitch(userid, here.vdev, here.vswitch);
        },
      });
    } else if (there && here) {
      await ctx.step(
        'record NIC coupling',
        () => this.nics.setSwitch(userid, vdev, there.vswitch),
        {
          undo: () => this.nics.setSwitch(userid, vdev, here.vswitch),
        },
      );
    }
  }

  /**
   * The FCP row records the hypervisor's dedication: reserved for the user it is dedicated to
   * (its connections and template kept when the row already named that user), or free.
   */
  private async recordFcp(item: DriftItem, ctx: OperationContext): Promise<void> {
    const [before] = await this.fcps.usageOf([item.id]);
    if (!before) throw Errors.driftResolved(item.kind, item.id);
    const owner = (item.hypervisor as { owner: string | null }).owner;
    const same = owner !== null && sameUser(before.assignerId, owner);
    const usage = owner
      ? {
          assignerId: owner,
          reserved: 1,
          connections: same ? before.connections : 0,
          tmplId: same ? before.tmplId : '',
        }
      : EMPTY;
    await ctx.step('record FCP usage', () => this.fcps.setUsage(item.id, usage), {
      undo: () => this.fcps.restoreUsage([before]),
    });
  }
}
