import { chars, cstr, request, response, seq, shortRequest, sized } from './wire.bytes.js';
import type { WireFixture } from './wire.fixture.js';

/**
 * System functions (vmapiSystem.h, vmapiUnDocumented.h, vmapiVMRelocate.h; smcliSystem.c for
 * how System_WWPN_Query's strings are read).
 */
const ok = { rc: 0, rs: 0 };
/** A counted character buffer of NUL-terminated lines (CHARBUF_LEN of C strings). */
const lines = (...list: string[]): Buffer => sized(...list.map(cstr));

const IPL = Date.UTC(2026, 0, 5, 9, 30, 0);
const NOW = Date.UTC(2026, 10, 26, 8, 0, 0);

export const SYSTEM_FIXTURES: WireFixture[] = [
  {
    fn: 'System_Info_Query',
    call: { target: '*', params: {} },
    request: shortRequest('System_Info_Query'),
    handler: { target: '*', params: {} },
    now: NOW,
    reply: {
      ...ok,
      output: {
        systemId: 'HVSIM1',
        hypervisorVersion: 'z/VM 7.2.0',
        hostname: 'hvsim1.example.com',
        iplTime: IPL,
        cecModel: '8561',
        architecture: 's390x',
        cpus: 16,
        cpusUsed: 2,
        memoryMb: 262144,
        memoryUsedMb: 4096,
      },
    },
    // six C strings; each but the version and storage 4–43 characters (those 4–80)
    response: response(
      0,
      0,
      cstr('UTC +00:00'), // time zone
      cstr('11/26/26 08:00:00 UTC'), // time
      cstr('z/VM 7.2.0'), // version
      cstr('01/05/26 09:00:00 UTC'), // CP generation time
      cstr('01/05/26 09:30:00 UTC'), // CP IPL time
      cstr('262144M'), // real storage size
    ),
    output: {
      timezone: 'UTC +00:00',
      time: '11/26/26 08:00:00 UTC',
      vmVersion: 'z/VM 7.2.0',
      cpGenTime: '01/05/26 09:00:00 UTC',
      cpIplTime: '01/05/26 09:30:00 UTC',
      realStorageSize: '262144M',
    },
  },
  {
    fn: 'System_Information_Query',
    call: { target: '*', params: {} },
    request: request('System_Information_Query', '*'),
    handler: { target: '*', params: {} },
    reply: { ...ok, output: ['VM_VERSION=z/VM 7.2.0', 'REAL_STORAGE=STORAGE=256G'] },
    response: response(0, 0, lines('VM_VERSION=z/VM 7.2.0', 'REAL_STORAGE=STORAGE=256G')),
    output: ['VM_VERSION=z/VM 7.2.0', 'REAL_STORAGE=STORAGE=256G'],
  },
  {
    fn: 'System_Performance_Information_Query',
    call: { target: '*', params: { detailedCpu: 'show=no' } },
    // the keys as a counted buffer of NUL-terminated strings
    request: request('System_Performance_Information_Query', '*', lines('detailed_cpu=show=no')),
    handler: { target: '*', params: { detailedCpu: 'show=no' } },
    reply: { ...ok, output: ['CPU_COUNT=16', 'MEMORY_IN_USE=524288'] },
    response: response(0, 0, lines('CPU_COUNT=16', 'MEMORY_IN_USE=524288')),
    output: ['CPU_COUNT=16', 'MEMORY_IN_USE=524288'],
  },
  {
    fn: 'Query_API_Functional_Level',
    call: { target: '*', params: {} },
    request: request('Query_API_Functional_Level', '*'),
    handler: { target: '*', params: {} },
    reply: { rc: 0, rs: 720 },
    response: response(0, 720), // the level is the reason code
    output: undefined,
  },
  {
    // One C string per device, blank-separated positional fields: FCP device, NPIV WWPN,
    // CHPID, physical WWPN, status (1 active, 2 free, 3 offline), owner.
    fn: 'System_WWPN_Query',
    call: { target: '*', params: {} },
    request: request('System_WWPN_Query', '*', cstr('OWNER=YES')),
    handler: { target: '*', params: {} },
    reply: {
      ...ok,
      output: {
        cpcSn: '0000000000082F57',
        cpcName: 'M54',
        lpar: 'HVSIM1',
        devices: [
          {
            fcpId: '1B0E',
            chpid: '59',
            pchid: '02E4',
            state: 'free',
            owner: 'NONE',
            wwpnNpiv: 'c05076ddf7000001',
            wwpnPhy: 'c05076ddf7001234',
          },
          {
            fcpId: '1B0F',
            chpid: '59',
            pchid: '02E4',
            state: 'active',
            owner: 'LINUX01',
            wwpnNpiv: 'c05076ddf7000002',
            wwpnPhy: 'c05076ddf7001234',
          },
        ],
      },
    },
    response: response(
      0,
      0,
      cstr('1B0E C05076DDF7000001 59 C05076DDF7001234 2 NONE'),
      cstr('1B0F C05076DDF7000002 59 C05076DDF7001234 1 LINUX01'),
    ),
    // CPC, LPAR and PCHID are not in the answer: the transport adds them from elsewhere
    output: {
      cpcSn: '',
      cpcName: '',
      lpar: '',
      devices: [
        {
          fcpId: '1B0E',
          wwpnNpiv: 'c05076ddf7000001',
          chpid: '59',
          wwpnPhy: 'c05076ddf7001234',
          state: 'free',
          owner: 'NONE',
          pchid: '',
        },
        {
          fcpId: '1B0F',
          wwpnNpiv: 'c05076ddf7000002',
          chpid: '59',
          wwpnPhy: 'c05076ddf7001234',
          state: 'active',
          owner: 'LINUX01',
          pchid: '',
        },
      ],
    },
  },
  {
    fn: 'VMRELOCATE',
    call: {
      target: 'LINUX01',
      params: { action: 'MOVE', destination: 'HVSIM2', immediate: false, maxTotal: 600 },
    },
    request: request(
      'VMRELOCATE',
      'LINUX01',
      cstr('destination=HVSIM2'),
      cstr('action=MOVE'),
      cstr('immediate=NO'),
      cstr('max_total=600'),
    ),
    handler: {
      target: 'LINUX01',
      params: { destination: 'HVSIM2', action: 'MOVE', immediate: false, maxTotal: 600 },
    },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    fn: 'VMRELOCATE',
    title: 'refused: the reasons as error data after the codes',
    call: { target: 'LINUX01', params: { action: 'TEST', destination: 'HVSIM2' } },
    request: request('VMRELOCATE', 'LINUX01', cstr('destination=HVSIM2'), cstr('action=TEST')),
    handler: { target: 'LINUX01', params: { destination: 'HVSIM2', action: 'TEST' } },
    reply: { rc: 4, rs: 3000, errmsg: 'HCPRLH1940E LINUX01 is not relocated' },
    response: response(4, 3000, seq(chars('HCPRLH1940E LINUX01 is not relocated'))),
  },
];
