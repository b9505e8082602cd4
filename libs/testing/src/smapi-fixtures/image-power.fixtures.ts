import { counted, cstr, int4, int8, request, response, seq, sized, str } from './wire.bytes.js';
import type { WireFixture } from './wire.fixture.js';

/** Activation, status and performance (vmapiImage.h, vmapiUnDocumented.h). */
const ok = { rc: 0, rs: 0 };

/** LINUX01 in EBCDIC, blank padded to 8: the guest name of a performance record. */
const LINUX01_EBCDIC = Buffer.from('d3c9d5e4e7f0f140', 'hex');

const PERFORMANCE = {
  guestCpus: 2,
  usedCpuTimeUs: 5_000_000,
  elapsedCpuTimeUs: 9_000_000,
  usedMemKb: 1024,
  maxMemKb: 4096,
  minCpuCount: 2,
  maxCpuLimit: 10000,
  samplesCpuInUse: 7,
  samplesCpuDelay: 1,
  minMemKb: 512,
  sharedMemKb: 0,
};

export const IMAGE_POWER_FIXTURES: WireFixture[] = [
  {
    fn: 'Image_Activate',
    call: { target: 'LINUX01', params: {} },
    request: request('Image_Activate', 'LINUX01'),
    handler: { target: 'LINUX01', params: {} },
    reply: ok,
    // activated 1, not activated 0, failing array of 0 bytes
    response: response(0, 0, int4(1), int4(0), int4(0)),
    output: undefined,
  },
  {
    fn: 'Image_Deactivate',
    call: { target: 'LINUX01', params: { immediate: true } },
    request: request('Image_Deactivate', 'LINUX01', str('IMMED')), // force_time
    handler: { target: 'LINUX01', params: { immediate: true } },
    reply: ok,
    response: response(0, 0, int4(1), int4(0), int4(0)),
    output: undefined,
  },
  {
    fn: 'Image_Status_Query',
    call: { target: '*', params: {} },
    request: request('Image_Status_Query', '*'),
    handler: { target: '*', params: {} },
    reply: { ...ok, output: { active: ['LINUX01'] } },
    response: response(0, 0, sized(str('LINUX01'))),
    output: { active: ['LINUX01'] },
  },
  {
    // smcliUnDocumented.c imagePerformanceQuery: the target identifier is the caller (MAINT)
    // and the guests are NUL-terminated names after it.
    fn: 'Image_Performance_Query',
    call: { target: 'LINUX01', params: {} },
    request: request('Image_Performance_Query', 'MAINT', cstr('LINUX01')),
    handler: { target: 'LINUX01', params: {} },
    reply: { ...ok, output: PERFORMANCE },
    response: response(
      0,
      0,
      counted(
        sized(
          int4(1), // record version
          int4(0), // guest flags
          int8(5_000_000), // used CPU time, µs
          int8(9_000_000), // elapsed time, µs
          int8(512), // minimum memory, KB
          int8(4096), // maximum memory, KB
          int8(0), // shared memory, KB
          int8(1024), // used memory, KB
          int4(0), // active CPUs in CEC
          int4(0), // logical CPUs in VM
          int4(2), // guest CPUs
          int4(2), // minimum CPU count
          int4(10000), // maximum CPU limit
          int4(0), // processor share
          int4(7), // samples CPU in use
          int4(1), // samples CPU delay
          int4(0), // samples page wait
          int4(0), // samples idle
          int4(0), // samples other
          int4(0), // samples total
          seq(LINUX01_EBCDIC), // guest name: EBCDIC (the reference converts it)
        ),
      ),
    ),
    output: PERFORMANCE,
  },
];
