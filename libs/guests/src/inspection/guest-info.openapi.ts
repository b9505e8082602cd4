import { ApiOutput, INTEGER, STRING, exactObject } from '#envelope';
import { POWER_STATE } from '../lifecycle/guests.openapi.js';

/** "" when the guest's OS does not answer (off, or unreachable). */
const OS_INFO_FIELDS = { os_distro: STRING, kernel_info: STRING };

export const GUEST_INFO_OUTPUT = ApiOutput(
  exactObject({
    max_mem_kb: INTEGER,
    num_cpu: INTEGER,
    cpu_time_us: INTEGER,
    mem_kb: INTEGER,
    online_cpu_num: INTEGER,
    power_state: POWER_STATE,
    ...OS_INFO_FIELDS,
  }),
);
export const OS_INFO_OUTPUT = ApiOutput(exactObject(OS_INFO_FIELDS));
export const ONLINE_CPU_NUM_OUTPUT = ApiOutput({
  ...INTEGER,
  description: '0 when the OS does not answer',
});
