import { toUserid } from '#envelope';
import type { CreateGuestPayload } from '#jobs';
import { guestDirectory, maskPassword } from './guest-directory.js';

const base: CreateGuestPayload = {
  userid: toUserid('LINUX01'),
  vcpus: 2,
  memory: 2048,
  userProfile: 'OSDFLT',
  maxCpu: 32,
  maxMem: '64G',
  disks: [
    {
      vdev: '0100',
      deviceType: '3390',
      diskPool: 'ECKD:POOL1',
      units: 100,
      format: 'none',
      size: '1G',
      isBootDisk: true,
      formatGiven: false,
    },
  ],
  comments: ['hello'],
  dedicateVdevs: ['1A00'],
  shareUnit: 100,
};

describe('guestDirectory', () => {
  it('writes the statements the reference writes (§9.1)', () => {
    expect(guestDirectory(base)).toEqual([
      'USER LINUX01 LBYONLY 2G 64G G',
      'INCLUDE OSDFLT',
      'MACHINE ESA 32',
      'COMMAND SET VCONFIG MODE LINUX',
      'COMMAND DEFINE CPU 00 TYPE IFL',
      'COMMAND DEFINE CPU 01 TYPE IFL',
      'SHARE RELATIVE 200',
      'IPL 0100',
      'COMMAND DEF STOR INITIAL STANDBY REMAINDER',
      'DEDICATE 1A00 1A00',
      '* HELLO',
    ]);
  });

  it('writes CPU pool, share, relocation domain and PCI function statements', () => {
    const lines = guestDirectory({
      ...base,
      cpuPool: 'POOLA',
      share: 'ABSolute 10%',
      relocationDomain: 'Z15ONLY',
      pciFunction: '0010:0100',
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        'COMMAND SCHEDULE * WITHIN POOL POOLA',
        'SHARE ABSolute 10%',
        'COMMAND SET VMRELOCATE * DOMAIN Z15ONLY',
        'COMMAND ATTACH PCIF 0010 * AS 0100',
      ]),
    );
    // the given share replaces the default one
    expect(lines.filter((l) => l.startsWith('SHARE'))).toEqual(['SHARE ABSolute 10%']);
  });

  it('uses ipl_from and its parameters, and skips IPL without a boot disk', () => {
    const withIpl = guestDirectory({
      ...base,
      iplFrom: 'CMS',
      iplParam: 'AUTOCR',
      iplLoadparam: '1',
    });
    expect(withIpl).toContain('IPL CMS PARM AUTOCR LOADPARM 1');
    const noBoot = guestDirectory({
      ...base,
      disks: [{ ...base.disks[0], isBootDisk: undefined }],
    });
    expect(noBoot.some((l) => l.startsWith('IPL'))).toBe(false);
  });
});

describe('maskPassword', () => {
  it('masks the password of the USER line only, with the reference trailing space', () => {
    expect(maskPassword(['USER LINUX01 SECRET 2G 64G G', 'INCLUDE OSDFLT', 'USER X Y Z'])).toEqual([
      'USER LINUX01 ****** 2G 64G G ',
      'INCLUDE OSDFLT',
      'USER X Y Z',
    ]);
  });
});
