import { ApiOutput, INTEGER, exactObject, mapOf } from '#envelope';

const STAT_KEYS = [
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
];

/** Running guests only: those off (or gone from the directory) are absent. */
export const GUEST_STATS_OUTPUT = ApiOutput(
  mapOf(exactObject(Object.fromEntries(STAT_KEYS.map((k) => [k, INTEGER]))), 'userid'),
);
