import { HvError } from '#envelope';
import { resizeCpus, resizeMemory, sizeMb } from './resize.js';

const entry = [
  'USER R1 LBYONLY 2G 8G G',
  'INCLUDE OSDFLT',
  'MACHINE ESA 4',
  'COMMAND SET VCONFIG MODE LINUX',
  'COMMAND DEFINE CPU 00 TYPE IFL',
  'COMMAND DEFINE CPU 01 TYPE IFL',
  'SHARE RELATIVE 200',
  'COMMAND DEF STOR INITIAL STANDBY REMAINDER',
];

const codes = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    const h = e as HvError;
    return [h.overallRC, h.rs, h.modID];
  }
  return undefined;
};

describe('resizeCpus (reference §9.7)', () => {
  it('adds the lowest free addresses after the last CPU and scales SHARE', () => {
    const out = resizeCpus('R1', entry, 3)!;
    expect(out.slice(4, 8)).toEqual([
      'COMMAND DEFINE CPU 00 TYPE IFL',
      'COMMAND DEFINE CPU 01 TYPE IFL',
      'COMMAND DEFINE CPU 02 TYPE IFL',
      'SHARE RELATIVE 300',
    ]);
  });

  it('drops the highest addresses, including short CPU statements', () => {
    const mixed = [...entry.slice(0, 6), 'CPU 03', 'SHARE RELATIVE 300'];
    const out = resizeCpus('R1', mixed, 1)!;
    expect(out.filter((l) => l.includes('CPU '))).toEqual(['COMMAND DEFINE CPU 00 TYPE IFL']);
    expect(out).toContain('SHARE RELATIVE 100');
  });

  it('is a no-op when equal and 409 rs 4 above MACHINE ESA', () => {
    expect(resizeCpus('R1', entry, 2)).toBeNull();
    expect(codes(() => resizeCpus('R1', entry, 5))).toEqual([409, 4, 10]);
  });

  it('takes the current count as the maximum when MACHINE has none', () => {
    const noMax = entry.filter((l) => !l.startsWith('MACHINE'));
    expect(codes(() => resizeCpus('R1', noMax, 3))).toEqual([409, 4, 10]);
    expect(resizeCpus('R1', noMax, 1)).not.toBeNull();
  });
});

describe('resizeMemory (reference §9.7)', () => {
  it('rewrites the initial storage in M', () => {
    expect(resizeMemory('R1', entry, sizeMb('3G'))![0]).toBe('USER R1 LBYONLY 3072M 8G G');
    expect(resizeMemory('R1', entry, sizeMb('2048m'))).toBeNull();
  });

  it('refuses above the maximum (409 rs 20) and an unreadable USER line (rs 19)', () => {
    expect(codes(() => resizeMemory('R1', entry, sizeMb('9G')))).toEqual([409, 20, 10]);
    expect(codes(() => resizeMemory('R1', ['USER R1 LBYONLY'], 1024))).toEqual([409, 19, 10]);
  });
});
