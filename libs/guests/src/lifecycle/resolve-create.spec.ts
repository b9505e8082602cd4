import { loadConfig } from '#config';
import { CreateGuestDto } from './create-guest.dto.js';
import { resolveCreateGuest } from './resolve-create.js';

const cfg = loadConfig({ DATA_DIR: '/tmp/hvo-resolve', DEFAULT_ADMIN_USERID: 'admin1' });
const dto = (extra: Partial<CreateGuestDto> = {}): CreateGuestDto => {
  const d = new CreateGuestDto();
  return Object.assign(d, { userid: 'lin01', vcpus: 2, memory: 2048 }, extra);
};

describe('resolveCreateGuest', () => {
  it('fills the defaults from the configuration', () => {
    const p = resolveCreateGuest(dto({ user_profile: '' }), cfg);
    expect(p).toMatchObject({
      userid: 'LIN01',
      userProfile: cfg.USER_PROFILE,
      maxCpu: cfg.USER_DEFAULT_MAX_CPU,
      maxMem: cfg.USER_DEFAULT_MAX_MEMORY.toUpperCase(),
      shareUnit: cfg.USER_DEFAULT_SHARE_UNIT,
      logonBy: 'ADMIN1',
      comments: [],
      dedicateVdevs: [],
    });
    expect(p.cpuPool).toBeUndefined();
    expect(p.share).toBeUndefined();
  });

  it('carries the scheduling fields: pool and domain upper case, share as given', () => {
    const p = resolveCreateGuest(
      dto({ cschedule: 'pool1', cshare: ' ABSolute   10.5% ', rdomain: 'dom1', pcif: '1a:10' }),
      cfg,
    );
    expect(p).toMatchObject({
      cpuPool: 'POOL1',
      share: 'ABSolute 10.5%',
      relocationDomain: 'DOM1',
      pciFunction: '1A:10',
    });
  });

  it('merges comment_list and comments, roots the first disk unformatted', () => {
    const p = resolveCreateGuest(
      dto({
        comment_list: ['a'],
        comments: ['b'],
        disk_list: [
          { size: '1g', format: 'xfs' },
          { size: '10', vdev: '201' },
        ],
      }),
      cfg,
    );
    expect(p.comments).toEqual(['a', 'b']);
    expect(p.disks.map((d) => [d.vdev, d.format, d.units])).toEqual([
      ['0100', 'none', 1457],
      ['0201', 'ext4', 10],
    ]);
  });
});
