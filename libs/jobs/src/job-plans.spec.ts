import { JOB_NAMES } from './job-catalogue.js';
import { JOB_PLANS, planOf } from './job-plans.js';

// one payload carrying every field a plan reads, so each kind's plan can be built
const SAMPLE = {
  userid: 'G1',
  vdev: '1000',
  active: true,
  isRootVolume: false,
  fcps: ['1a00', '1b00'],
  networks: [{}],
  vdevs: ['0101'],
  disks: [
    { vdev: '0100', format: 'none' },
    { vdev: '0101', format: 'ext4' },
  ],
} as never;

describe('JOB_PLANS', () => {
  it.each(JOB_NAMES)('%s has a plan of named steps', (kind) => {
    expect(Object.hasOwn(JOB_PLANS, kind)).toBe(true);
    const steps = planOf(kind, SAMPLE);
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) {
      expect(s.name).toEqual(expect.any(String));
      expect(Array.isArray(s.calls)).toBe(true);
    }
  });

  it('plans no kind the catalogue does not have', () => {
    expect(Object.keys(JOB_PLANS).sort()).toEqual([...JOB_NAMES].sort());
  });

  it('guest.create: a step per disk, formatting all but the root', () => {
    expect(planOf('guest.create', SAMPLE).map((s) => s.name)).toEqual([
      'define user',
      'record guest',
      'create disk 0100',
      'create disk 0101',
      'format disk 0101',
    ]);
  });
});
