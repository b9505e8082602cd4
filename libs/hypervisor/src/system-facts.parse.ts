/**
 * Readers of the texts the reference takes the host's figures from (smtLayer getHost
 * GENERAL): the management guest's /proc/sysinfo, System_Information_Query's STORAGE= line,
 * System_Performance_Information_Query's MEMORY_IN_USE= and CP QUERY CPLEVEL.
 */

export interface SysinfoFacts {
  lparCpusTotal?: number;
  lparCpusConfigured?: number;
  cecModel?: string;
  manufacturer?: string;
  /** `z/VM 7.2.0`: the VM00 Control Program line's kind and level. */
  hypervisorVersion?: string;
}

/** The value words after a `Label:` at the start of a line (the kernel aligns values with blanks). */
function valueOf(text: string, label: string): string[] | undefined {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^${escaped}:[ \\t]*(.*)$`, 'm').exec(text);
  return m ? m[1].trim().split(/\s+/).filter(Boolean) : undefined;
}

const int = (words: string[] | undefined): number | undefined =>
  words?.[0] !== undefined && /^\d+$/.test(words[0]) ? Number(words[0]) : undefined;

/** The machine lines of /proc/sysinfo; a line that is not there leaves its fact out. */
export function parseSysinfo(text: string): SysinfoFacts {
  const cp = valueOf(text, 'VM00 Control Program');
  return {
    lparCpusTotal: int(valueOf(text, 'LPAR CPUs Total')),
    lparCpusConfigured: int(valueOf(text, 'LPAR CPUs Configured')),
    cecModel: valueOf(text, 'Type')?.[0],
    manufacturer: valueOf(text, 'Manufacturer')?.[0],
    hypervisorVersion: cp && cp.length >= 2 ? `${cp[0]} ${cp[1]}` : undefined,
  };
}

const MB_PER: Record<string, number> = { K: 1 / 1024, M: 1, G: 1024, T: 1024 * 1024 };

/** CP's `256G`, `512M`, `1T` (a bare number is bytes) in MB; undefined when not a size. */
export function cpSizeMb(size: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([KMGT])?$/i.exec(size.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] ? n * MB_PER[m[2].toUpperCase()] : n / (1024 * 1024);
}

/**
 * Online storage, MB, from System_Information_Query: the line holding `STORAGE=`, the last
 * `=` field of its first word (the reference takes the third: `<key>=STORAGE=<size>`).
 */
export function storageMb(lines: readonly string[]): number | undefined {
  const line = lines.find((l) => l.includes('STORAGE='));
  const first = line?.trim().split(/\s+/)[0] ?? '';
  const size = first.split('=').pop();
  return size ? cpSizeMb(size) : undefined;
}

/** 4 KiB pages per MB. */
const PAGES_PER_MB = 256;

/** Storage in use, MB, from System_Performance_Information_Query's MEMORY_IN_USE= (pages). */
export function memoryInUseMb(lines: readonly string[]): number | undefined {
  for (const line of lines) {
    const m = /MEMORY_IN_USE=(\d+)/.exec(line);
    if (m) return Number(m[1]) / PAGES_PER_MB;
  }
  return undefined;
}

/** The `IPL at …` line of QUERY CPLEVEL (the reference takes its third line). */
export function iplLine(cplevel: readonly string[]): string | undefined {
  return cplevel.find((l) => /^IPL at /.test(l.trim()))?.trim() ?? cplevel[2]?.trim();
}
