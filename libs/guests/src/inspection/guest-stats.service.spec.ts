import { parseMemInfo, toStats } from './guest-stats.service.js';

describe('guest stats', () => {
  it('reads MemTotal, MemAvailable and MemFree from /proc/meminfo', () => {
    const lines = [
      'MemTotal:        2055208 kB',
      'MemFree:          640000 kB',
      'MemAvailable:    1000000 kB',
      'Buffers:            1000 kB',
    ];
    expect(parseMemInfo(lines)).toEqual({ total: 2055208, available: 1000000, free: 640000 });
    expect(parseMemInfo([])).toEqual({ total: 0, available: 0, free: 0 });
  });

  it('answers the 14 integer keys of spec §4.5', () => {
    const s = toStats(
      {
        guestCpus: 2,
        usedCpuTimeUs: 5,
        elapsedCpuTimeUs: 6,
        minCpuCount: 2,
        maxCpuLimit: 10000,
        samplesCpuInUse: 3,
        samplesCpuDelay: 1,
        usedMemKb: 7,
        maxMemKb: 8,
        minMemKb: 0,
        sharedMemKb: 0,
      },
      { total: 9, available: 4, free: 2 },
    );
    expect(Object.keys(s).sort()).toEqual(
      [
        'guest_cpus',
        'used_cpu_time_us',
        'elapsed_cpu_time_us',
        'min_cpu_count',
        'max_cpu_limit',
        'samples_cpu_in_use',
        'samples_cpu_delay',
        'used_mem_kb',
        'max_mem_kb',
        'min_mem_kb',
        'shared_mem_kb',
        'total_memory',
        'available_memory',
        'free_memory',
      ].sort(),
    );
    expect(Object.values(s).every(Number.isInteger)).toBe(true);
    expect(s).toMatchObject({ used_cpu_time_us: 5, total_memory: 9, free_memory: 2 });
  });
});
