import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { Errors, HvError, type Userid } from '#envelope';
import { CpQueries, ManagementGuestOps } from '#hypervisor';
import type { CreateInterfacePayload, DeleteInterfacePayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { requireManagedGuest } from '#guests';
import { GuestsRepository } from '#persistence';
import { deleteScript, type GuestNetworkEntry, networkScript } from '../domain/network-script.js';
import { requireActiveIf } from './nic-guards.js';
import { NicSteps } from './nic-steps.js';

/** What the reference runs in an active guest to apply punched configuration at once. */
const APPLY = 'systemctl start zvmguestconfigure.service';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** Punches a configuration file to the guest's reader (class X); undo purges it if unread. */
async function punchConfig(
  guestOps: ManagementGuestOps,
  ctx: OperationContext,
  userid: Userid,
  file: { name: string; content: string },
): Promise<void> {
  let spoolId: number | undefined;
  await ctx.step(
    `punch ${file.name}`,
    async () => {
      const body = Readable.from([Buffer.from(file.content)]);
      spoolId = await guestOps.punchFile(userid, body, { name: file.name, spoolClass: 'X' });
    },
    {
      // the guest may have applied it already: then there is nothing left to purge
      undo: async () => {
        if (spoolId !== undefined)
          await guestOps.purgeReaderFile(userid, spoolId).catch(() => null);
      },
    },
  );
}

/** Starts the guest's configuration service over IUCV; a failure is network rs 5. */
async function applyInGuest(guestOps: ManagementGuestOps, ctx: OperationContext, userid: Userid) {
  await ctx.step('apply network configuration in guest', async () => {
    try {
      await guestOps.execInGuest(userid, APPLY);
    } catch (e) {
      if (e instanceof HvError && e.overallRC === 3) {
        throw Errors.network(
          5,
          `Failed to apply the network configuration of ${userid}: ${e.message}`,
        );
      }
      throw e;
    }
  });
}

/**
 * interface.create (reference api.guest_create_network_interface): a NIC per entry (its
 * nic_vdev, nic_id and MAC honoured; the chosen device number filled in), then the network
 * configuration punched for the guest's configuration service, applied at once when `active`.
 * Output: the entries with nic_vdev. Any failure undoes the NICs made.
 */
@Injectable()
export class CreateInterfaceHandler implements OperationHandler<'interface.create'> {
  constructor(
    private readonly cp: CpQueries,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
    private readonly steps: NicSteps,
  ) {}

  async run(p: CreateInterfacePayload, ctx: OperationContext): Promise<GuestNetworkEntry[]> {
    const { userid, active } = p;
    await requireManagedGuest(this.guests, userid);
    await requireActiveIf(this.cp, userid, active);
    const networks = p.networks.map((e) => ({ ...e }));
    for (const e of networks) {
      const mac = str(e.mac_addr);
      e.nic_vdev = await this.steps.create(ctx, userid, {
        vdev: str(e.nic_vdev),
        nicId: str(e.nic_id),
        macId: mac ? mac.replace(/:/g, '').slice(6).toUpperCase() : undefined,
        active,
      });
    }
    const content = networkScript(p.osVersion, networks);
    await punchConfig(this.guestOps, ctx, userid, { name: 'network.doscript', content });
    const guest = await this.guests.findByUserid(userid);
    if (guest && guest.netSet === 0) await this.guests.update(userid, { netSet: 1 });
    if (active) await applyInGuest(this.guestOps, ctx, userid);
    return networks;
  }
}

/**
 * interface.delete (reference api.guest_delete_network_interface): the NIC goes as for
 * DELETE nic, then `DEL<vdev>.sh` removes the interface's file in the guest (at once when
 * `active`).
 */
@Injectable()
export class DeleteInterfaceHandler implements OperationHandler<'interface.delete'> {
  constructor(
    private readonly cp: CpQueries,
    private readonly guestOps: ManagementGuestOps,
    private readonly guests: GuestsRepository,
    private readonly steps: NicSteps,
  ) {}

  async run(p: DeleteInterfacePayload, ctx: OperationContext): Promise<''> {
    const { userid, vdev, active } = p;
    await requireManagedGuest(this.guests, userid);
    await requireActiveIf(this.cp, userid, active);
    await this.steps.delete(ctx, userid, vdev, active);
    await punchConfig(this.guestOps, ctx, userid, deleteScript(p.osVersion, vdev));
    if (active) await applyInGuest(this.guestOps, ctx, userid);
    return '';
  }
}
