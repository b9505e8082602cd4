/**
 * How busy a running simulated guest is, as smooth functions of the time since its logon, so
 * counters read a moment apart differ the way a real guest's do: CPU use wanders between about
 * 2 % and 14 % of each CPU (its integral, the CPU time, only grows), memory in use between
 * about 45 % and 75 % of the storage once an OS is up.
 */

/** Period of the CPU load wave and of the memory wave, in seconds. */
const CPU_PERIOD_S = 37;
const MEM_PERIOD_S = 11;
const CPU_BASE = 0.08;
const CPU_SWING = 0.06;

/** CPU seconds one CPU has used `t` seconds after logon: ∫ base + swing·sin(2πt/P) dt. */
export function cpuSecondsPerCpu(t: number): number {
  const w = (2 * Math.PI) / CPU_PERIOD_S;
  return CPU_BASE * t + (CPU_SWING / w) * (1 - Math.cos(w * t));
}

/** Share of the guest's storage in use `t` seconds after logon (an OS up) or of a bare CP. */
export function memoryInUse(t: number, osUp: boolean): number {
  if (!osUp) return 0.05;
  return 0.6 + 0.15 * Math.sin((2 * Math.PI * t) / MEM_PERIOD_S);
}

/** The kernel keeps ~2 % of storage to itself: what the OS reports as MemTotal. */
export function osTotalKb(storageKb: number): number {
  return Math.floor(storageKb * 0.98);
}

/** /proc/meminfo of the guest's OS `t` seconds after logon, in kB. */
export function memInfo(
  storageKb: number,
  t: number,
): { total: number; free: number; available: number } {
  const total = osTotalKb(storageKb);
  const used = Math.floor(storageKb * memoryInUse(t, true));
  const free = Math.max(0, total - used);
  // page cache the kernel would give back: a fifth of what is in use
  return { total, free, available: Math.min(total, free + Math.floor(used / 5)) };
}
