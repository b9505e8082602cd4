import { Readable } from 'node:stream';
import { shellWord } from '#hypervisor';
import type { VolumeConnectionPayload } from '#jobs';

/**
 * The in-guest configuration script the reference punches to the guest (`atvol.sh` /
 * `devol.sh`, from volumeops/templates): FCPs, target WWPNs and LUN, multipath, mount point.
 * `connections` is the total left on the FCPs (detach offlines them only when it is 0).
 */
export function volumeScript(
  kind: 'attach' | 'detach',
  c: VolumeConnectionPayload,
  connections: number,
): { name: string; body: Readable } {
  // values are validated at the API; quoting keeps a value one word whatever slips through
  const lines = [
    '#!/bin/bash',
    `# ${kind} volume`,
    `fcp_list=${shellWord(c.fcps.join(' '))}`,
    `target_wwpns=${shellWord(c.targetWwpns.join(' '))}`,
    `target_lun=${shellWord(c.targetLun)}`,
    `multipath=${c.multipath ? 'True' : 'False'}`,
    `target_filename=${shellWord(c.mountPoint ?? '')}`,
    `total_connections=${connections}`,
    '',
  ];
  return {
    name: kind === 'attach' ? 'atvol.sh' : 'devol.sh',
    body: Readable.from([Buffer.from(lines.join('\n'))]),
  };
}

/** Ids of the distro families whose volume scripts the reference does not have (501). */
export function scriptUnsupported(osVersion: string): boolean {
  return /^(rhel6|redhat6|rhcos)/i.test(osVersion);
}
