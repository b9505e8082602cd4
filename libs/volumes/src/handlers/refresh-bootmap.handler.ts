import { Injectable } from '@nestjs/common';
import { Errors, ModID } from '#envelope';
import { ManagementGuestOps } from '#hypervisor';
import type { RefreshBootmapPayload } from '#jobs';
import type { OperationContext, OperationHandler } from '#operations';
import { VolumeErrors } from '../domain/volume-errors.js';
import { FcpTemplateRepository } from '#persistence';

/** `RESULT PATHS: fcp:w1 w2,fcp2:w3` → {fcp: [w1, w2], fcp2: [w3]}. */
export function parseResultPaths(lines: string[]): Record<string, string[]> {
  const line = lines.find((l) => l.includes('RESULT PATHS: '));
  const out: Record<string, string[]> = {};
  if (!line) return out;
  const text = line.slice(line.indexOf('RESULT PATHS: ') + 'RESULT PATHS: '.length).trim();
  for (const path of text.split(',').filter(Boolean)) {
    const [fcp, wwpns = ''] = path.split(':');
    out[fcp] = wwpns.split(' ').filter(Boolean);
  }
  return out;
}

/**
 * volume.refresh-bootmap (reference volume_refresh_bootmap): the management guest's
 * refresh_bootmap takes the FCPs for a while, finds the paths to the root volume, rewrites its
 * zipl boot map for them and gives the FCPs back. The minimum number of paths is the
 * template's (its path count for −1), else every FCP given. Output: FCP → target WWPNs that
 * reach the LUN. A failing script is volume rs 5 with its exit code and `Exit MSG` lines.
 */
@Injectable()
export class RefreshBootmapHandler implements OperationHandler<'volume.refresh-bootmap'> {
  constructor(
    private readonly guestOps: ManagementGuestOps,
    private readonly templateRows: FcpTemplateRepository,
  ) {}

  async run(p: RefreshBootmapPayload, ctx: OperationContext): Promise<Record<string, string[]>> {
    let minFcp = p.fcps.length;
    if (p.fcpTemplateId) {
      const t = await this.templateRows.template(p.fcpTemplateId);
      if (!t) throw VolumeErrors.templateNotFound(p.fcpTemplateId);
      if (t.paths.flat().length === 0) {
        throw Errors.internal(
          `No FCP devices were found in the FCP Multipath Template ${t.id}, stop refreshing bootmap.`,
          ModID.VOLUME,
        );
      }
      minFcp = t.minFcpPathsCount === -1 ? t.paths.length : t.minFcpPathsCount;
    }
    const args: Record<string, string> = {
      fcpchannel: p.fcps.join(','),
      wwpn: p.wwpns.join(','),
      lun: p.lun,
      wwid: p.wwid,
      minfcp: String(minFcp),
      ...(p.ipConfig && p.nicId && p.transportfiles
        ? { ignitionurl: p.transportfiles, nicid: p.nicId, ipconfig: p.ipConfig }
        : {}),
    };
    const paths = await ctx.step('refresh bootmap', async () => {
      const reply = await this.guestOps.refreshBootmap(args);
      if (reply.rc !== 0) {
        const exitMsg = reply.lines
          .filter((l) => l.includes('Exit MSG:'))
          .map((l) => l.trim())
          .join(' ');
        throw Errors.volume(
          5,
          `Failed to refresh bootmap for volume ${p.lun}: refresh_bootmap failed with ` +
            `return code: ${reply.rc}. ${exitMsg}`.trim(),
        );
      }
      return parseResultPaths(reply.lines);
    });
    // the only step: done in an earlier attempt means that attempt answered already
    return paths ?? {};
  }
}
