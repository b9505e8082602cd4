import { cpSizeMb, iplLine, memoryInUseMb, parseSysinfo, storageMb } from './system-facts.parse.js';

// The lines of a z/VM guest's /proc/sysinfo the reference reads, in the kernel's layout.
const SYSINFO = [
  'Manufacturer:         IBM',
  'Type:                 3906',
  'Model:                M04              M04',
  'Model Capacity:       7xx              00000000',
  '',
  'LPAR Number:          29',
  'LPAR Characteristics: Shared',
  'LPAR Name:            ZVM4',
  'LPAR CPUs Total:      42',
  'LPAR CPUs Configured: 12',
  'LPAR CPUs Standby:    30',
  '',
  'VM00 Name:            ZVM4',
  'VM00 Control Program: z/VM    7.3.0',
  'VM00 CPUs Total:      4',
].join('\n');

describe('/proc/sysinfo', () => {
  it('reads LPAR CPUs, CEC type and vendor, and the control program', () => {
    expect(parseSysinfo(SYSINFO)).toEqual({
      lparCpusTotal: 42,
      lparCpusConfigured: 12,
      cecModel: '3906',
      manufacturer: 'IBM',
      hypervisorVersion: 'z/VM 7.3.0',
    });
  });

  it('leaves out what is not there (an LPAR without VM)', () => {
    const facts = parseSysinfo('Manufacturer:         IBM\nType:                 8561\n');
    expect(facts).toEqual({
      lparCpusTotal: undefined,
      lparCpusConfigured: undefined,
      cecModel: '8561',
      manufacturer: 'IBM',
      hypervisorVersion: undefined,
    });
  });

  it('takes a label at the start of a line only', () => {
    expect(parseSysinfo('Capacity Type:        9999\n').cecModel).toBeUndefined();
  });
});

describe('storage figures', () => {
  it('CP sizes in MB', () => {
    expect(cpSizeMb('256G')).toBe(262_144);
    expect(cpSizeMb('512M')).toBe(512);
    expect(cpSizeMb('1T')).toBe(1_048_576);
    expect(cpSizeMb('2048K')).toBe(2);
    expect(cpSizeMb('about 2G')).toBeUndefined();
  });

  it('System_Information_Query: the STORAGE= line, its first word after the key (the third `=` field)', () => {
    const lines = [
      'VM_VERSION=z/VM 7.3.0',
      'REAL_STORAGE=STORAGE=64G CONFIGURED=64G INC=256M STANDBY=8G RESERVED=0',
    ];
    expect(storageMb(lines)).toBe(65_536);
    expect(storageMb(['STORAGE=512M CONFIGURED=512M'])).toBe(512);
    expect(storageMb(['VM_VERSION=z/VM 7.3.0'])).toBeUndefined();
  });

  it('System_Performance_Information_Query: MEMORY_IN_USE= in 4 KiB pages', () => {
    expect(memoryInUseMb(['CPU_COUNT=16', 'MEMORY_IN_USE=524288'])).toBe(2048);
    expect(memoryInUseMb(['CPU_COUNT=16'])).toBeUndefined();
  });
});

describe('QUERY CPLEVEL', () => {
  it('the IPL line, as CP prints it', () => {
    const lines = [
      'z/VM Version 7 Release 3.0, service level 2301 (64-bit)',
      'Generated at 05/19/23 10:11:50 EDT',
      'IPL at 06/03/23 09:19:23 EDT',
    ];
    expect(iplLine(lines)).toBe('IPL at 06/03/23 09:19:23 EDT');
    expect(iplLine([])).toBeUndefined();
  });
});
