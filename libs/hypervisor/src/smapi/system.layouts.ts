import type { FunctionLayout } from './layout.types.js';

export const SYSTEM_LAYOUTS = {
  // The one call with the short header (no userid, password or target).
  System_Info_Query: {
    header: 'short',
    input: [],
    output: [
      // vmapiUnDocumented.h: 4–43 characters each, the version and storage 4–80
      { name: 'timezone', kind: 'cstring', min: 4, max: 43 },
      { name: 'time', kind: 'cstring', min: 4, max: 43 },
      { name: 'vmVersion', kind: 'cstring', min: 4, max: 80 },
      { name: 'cpGenTime', kind: 'cstring', min: 4, max: 43 },
      { name: 'cpIplTime', kind: 'cstring', min: 4, max: 43 },
      { name: 'realStorageSize', kind: 'cstring', min: 4, max: 80 },
    ],
  },
  // The CP instance's time, level, IPL and storage as lines (`STORAGE=` among them); no input
  // beyond the header (smcli's -k FORMAT= only changes how the client prints the lines).
  System_Information_Query: {
    header: 'standard',
    input: [],
    output: [{ name: 'lines', kind: 'cstringsCounted' }],
  },
  // `keyword=value` lines (MEMORY_IN_USE= in pages, ...); the input keys select the details.
  System_Performance_Information_Query: {
    header: 'standard',
    input: [{ name: 'keys', kind: 'cstringsCounted' }],
    output: [{ name: 'lines', kind: 'cstringsCounted' }],
  },
  // Codes alone: the reason code is the API level (e.g. 720 for z/VM 7.2).
  Query_API_Functional_Level: { header: 'standard', input: [], output: [] },
  // One C string per FCP device: `fcp_id npiv_wwpn chpid phys_wwpn status [owner]`, blank
  // separated (smcliSystem.c systemWWPNQuery); OWNER=YES asks for the owner.
  System_WWPN_Query: {
    header: 'standard',
    input: [{ name: 'keys', kind: 'cstrings' }],
    output: [{ name: 'lines', kind: 'cstrings' }],
  },
  // A refused relocation explains itself in error data after the reason code.
  VMRELOCATE: {
    header: 'standard',
    input: [{ name: 'keys', kind: 'cstrings' }],
    output: [{ name: 'errorData', kind: 'errorData' }],
  },
} as const satisfies Record<string, FunctionLayout>;
