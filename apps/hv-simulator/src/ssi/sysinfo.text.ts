import { SYSTEM } from './system.info.js';

/**
 * The simulated machine as a management guest's `/proc/sysinfo` shows it (the lines the
 * reference reads, in the kernel's layout: label, colon, value aligned at column 23). The test
 * stack and `npm start` write it to a file for HV_SYSINFO_PATH over HV_TRANSPORT=smapi.
 */
export function sysinfoText(systemId: string): string {
  const [kind = 'z/VM', level = ''] = SYSTEM.hypervisorVersion.split(' ');
  const row = (label: string, value: string | number) => `${`${label}:`.padEnd(22)}${value}`;
  return [
    row('Manufacturer', SYSTEM.manufacturer),
    row('Type', SYSTEM.cecModel),
    row('Model', '701              T01'),
    row('Sequence Code', '0000000000082F57'),
    '',
    row('LPAR Number', 1),
    row('LPAR Name', systemId),
    row('LPAR CPUs Total', SYSTEM.cpus),
    row('LPAR CPUs Configured', SYSTEM.cpus),
    row('LPAR CPUs Standby', 0),
    '',
    row('VM00 Name', systemId),
    `${'VM00 Control Program:'.padEnd(22)}${kind.padEnd(8)}${level}`,
    row('VM00 CPUs Total', 2),
    '',
  ].join('\n');
}
