import { dedicatedDevices, directoryNics } from './directory-statements.js';

describe('directory statements', () => {
  it('reads NICs and their vswitch, merging the statements of one NIC', () => {
    const nics = directoryNics([
      'USER X PW 1G 2G G',
      'NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1 MACID 0A0B0C',
      'nicdef 200 type qdio',
      'NICDEF 0200 LAN SYSTEM vsw2',
      'NICDEF 3000 TYPE QDIO',
      'MDISK 0100 3390 1 100 EV0001 MR',
    ]);
    expect([...nics]).toEqual([
      ['1000', 'VSW1'],
      ['0200', 'VSW2'],
      ['3000', null],
    ]);
  });

  it('reads the real device of each DEDICATE statement (the virtual one when alone)', () => {
    expect(
      dedicatedDevices(['DEDICATE 1A00 1A01', 'dedicate b00', 'NICDEF 1000 TYPE QDIO']),
    ).toEqual(['1a01', '0b00']);
  });
});
