import type { CreateGuestPayload } from '#jobs';
import { memoryString } from './disk-size.js';

/**
 * Directory statements of a new guest, as the reference's makevm writes them
 * (reference-behaviour §9.1; CPU pool, share, relocation domain and PCI function as the
 * reference's makevm `--commandSchedule/--commandSetShare/--commandRDomain/--commandPcif`).
 * The password field is LBYONLY (logon by others only).
 */
export function guestDirectory(p: CreateGuestPayload): string[] {
  const lines = [
    `USER ${p.userid} LBYONLY ${memoryString(p.memory)} ${p.maxMem.toUpperCase()} G`,
    `INCLUDE ${p.userProfile}`,
    `MACHINE ESA ${p.maxCpu}`,
  ];
  if (p.account) lines.push(`ACCOUNT ${p.account}`);
  lines.push('COMMAND SET VCONFIG MODE LINUX');
  for (let i = 0; i < p.vcpus; i++) {
    lines.push(`COMMAND DEFINE CPU ${i.toString(16).toUpperCase().padStart(2, '0')} TYPE IFL`);
  }
  if (p.cpuPool) lines.push(`COMMAND SCHEDULE * WITHIN POOL ${p.cpuPool}`);
  // a share the client gives replaces the configured default (unit × CPUs)
  if (p.share) lines.push(`SHARE ${p.share}`);
  else if (p.shareUnit > 0) lines.push(`SHARE RELATIVE ${p.shareUnit * p.vcpus}`);
  if (p.relocationDomain) lines.push(`COMMAND SET VMRELOCATE * DOMAIN ${p.relocationDomain}`);
  if (p.pciFunction) {
    const [fid, vdev] = p.pciFunction.split(':');
    lines.push(`COMMAND ATTACH PCIF ${fid} * AS ${vdev}`);
  }
  const boot = p.iplFrom || (p.disks[0]?.isBootDisk ? p.disks[0].vdev : undefined);
  if (boot) {
    let ipl = `IPL ${boot}`;
    if (p.iplParam) ipl += ` PARM ${p.iplParam}`;
    if (p.iplLoadparam) ipl += ` LOADPARM ${p.iplLoadparam}`;
    lines.push(ipl);
  }
  if (p.logonBy) lines.push(`LOGONBY ${p.logonBy}`);
  lines.push('COMMAND DEF STOR INITIAL STANDBY REMAINDER');
  // spelled as the reference's makevm writes it (CP reads the keyword case-insensitively)
  if (p.loaddevPortname) lines.push(`LOADDEV PORTname ${p.loaddevPortname}`);
  if (p.loaddevLun) lines.push(`LOADDEV LUN ${p.loaddevLun}`);
  if (p.loaddevAlterdev) lines.push(`LOADDEV ALTERDEV ${p.loaddevAlterdev}`);
  for (const v of p.dedicateVdevs) lines.push(`DEDICATE ${v} ${v}`);
  for (const c of p.comments) lines.push(`* ${c.toUpperCase()}`);
  return lines;
}

/**
 * The directory with the password (third field of the first USER/IDENTITY line) masked, as
 * `/user_direct` shows it; the reference leaves a trailing space on that line.
 */
export function maskPassword(lines: string[]): string[] {
  let done = false;
  return lines.map((line) => {
    const fields = line.trim().split(/\s+/);
    if (done || !/^(USER|IDENTITY)$/i.test(fields[0] ?? '') || fields.length < 3) return line;
    done = true;
    fields[2] = '******';
    return `${fields.join(' ')} `;
  });
}
