import type { Command } from 'commander';
import type { Ctx } from '../output.js';
import { noWait, submit } from '../output.js';

interface VolumeOptions {
  fcp: string[];
  wwpn: string[];
  lun: string;
  osVersion: string;
  mountPoint?: string;
  multipath: boolean;
  wait: boolean;
}

const repeat = (v: string, list: string[] = []) => [...list, ...v.split(',')];

/** The `connection` of POST/DELETE /guests/volumes (spec §4.11) from the options. */
const connection = (userid: string, o: VolumeOptions) => ({
  info: {
    connection: {
      assigner_id: userid,
      zvm_fcp: o.fcp,
      target_wwpn: o.wwpn,
      target_lun: o.lun,
      os_version: o.osVersion,
      multipath: o.multipath,
      ...(o.mountPoint ? { mount_point: o.mountPoint } : {}),
    },
  },
});

export function volumeCommands(program: Command, ctx: () => Ctx): void {
  const volumes = program.command('volumes').description('FCP volumes of guests');
  for (const [name, method, what] of [
    ['attach', 'POST', 'attach a SCSI volume to a guest'],
    ['detach', 'DELETE', 'detach a SCSI volume from a guest'],
  ] as const) {
    volumes
      .command(`${name} <userid>`)
      .description(what)
      .requiredOption('--fcp <devno>', 'FCP device, repeatable or comma-separated', repeat)
      .requiredOption('--wwpn <wwpn>', 'target WWPN, repeatable or comma-separated', repeat)
      .requiredOption('--lun <lun>', 'the LUN, e.g. 0x0001000000000000')
      .requiredOption('--os-version <os>', "the guest's OS, e.g. rhel9.0")
      .requiredOption('--mount-point <path>', 'device path in the guest, e.g. /dev/sdb')
      .option('--no-multipath', 'one path only')
      .addOption(noWait())
      .action((u: string, o: VolumeOptions) =>
        submit(ctx(), method, '/guests/volumes', connection(u, o), o.wait),
      );
  }
}
