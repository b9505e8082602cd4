import { Readable } from 'node:stream';
import type { Userid } from '#envelope';
import { ManagementGuestOps, isMgmtFailure } from '#hypervisor';
import type { OperationContext } from '#operations';

/**
 * Punches a file for the guest's configuration service (class X, as the reference's
 * `punch_file`/`aemod_handler` do) as a recorded step; if the operation fails later the file
 * is purged again, unless the service has taken it already.
 */
export async function punchConfigFile(
  guestOps: ManagementGuestOps,
  ctx: OperationContext,
  userid: Userid,
  file: { step: string; name: string; content: string },
): Promise<void> {
  let spoolId: number | undefined;
  await ctx.step(
    file.step,
    async () => {
      spoolId = await guestOps.punchFile(
        userid,
        Readable.from([Buffer.from(file.content, 'latin1')]),
        {
          name: file.name,
        },
      );
    },
    {
      undo: async () => {
        if (spoolId === undefined) return;
        await guestOps.purgeReaderFile(userid, spoolId).catch((e: unknown) => {
          if (!isMgmtFailure(e)) throw e; // already received by the guest
        });
      },
    },
  );
}

/** The reference's trigger of the guest's configuration service over IUCV. */
export const START_GUEST_CONFIGURE = '/usr/bin/zvmguestconfigure start';
