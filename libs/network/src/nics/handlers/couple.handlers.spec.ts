import { Errors, HvError, toUserid } from '#envelope';
import type { CpQueries, SystemsManagement } from '#hypervisor';
import type { OperationContext } from '#operations';
import type { GuestsRepository, NicsRepository } from '#persistence';
import { CoupleNicHandler } from './couple.handlers.js';

/** A strict mock: any method the test did not stub fails the test when called. */
function strict<T extends object>(stubs: Record<string, unknown>): T {
  return new Proxy(stubs, {
    get(target, prop) {
      if (typeof prop === 'string' && prop in target) return target[prop];
      if (prop === 'then') return undefined;
      throw new Error(`unexpected call of ${String(prop)}`);
    },
  }) as unknown as T;
}

const DIR = ['USER VM1 PW 1G 2G G', 'NICDEF 1000 TYPE QDIO'];
const returns = (v: unknown) => () => Promise.resolve(v);

describe('CoupleNicHandler', () => {
  const guests = strict<GuestsRepository>({
    findByUserid: returns({ userid: 'VM1', migrated: false }),
  });
  let undos: (() => Promise<unknown>)[];
  let skipped: string[];
  const ctx = () =>
    strict<OperationContext>({
      step: async (
        _name: string,
        fn: () => Promise<unknown>,
        o?: { undo?: () => Promise<unknown> },
      ) => {
        const out = await fn();
        if (o?.undo) undos.push(o.undo);
        return out;
      },
      skip: (name: string) => Promise.resolve(void skipped.push(name)),
    });
  beforeEach(() => {
    undos = [];
    skipped = [];
  });

  it('refuses a vswitch that does not exist (404) before touching the directory', async () => {
    const hv = strict<SystemsManagement & CpQueries>({ vswitchExists: returns(false) });
    const sut = new CoupleNicHandler(hv, hv, guests, strict<NicsRepository>({}));
    const p = { userid: toUserid('VM1'), vdev: '1000', vswitch: 'NOPE', vlanId: -1, active: false };
    await expect(sut.run(p, ctx())).rejects.toMatchObject({ overallRC: 404, modID: 20 });
  });

  it('does nothing when the NIC is coupled to that vswitch already', async () => {
    const hv = strict<SystemsManagement & CpQueries>({
      vswitchExists: returns(true),
      imageQueryDM: returns([...DIR, 'NICDEF 1000 LAN SYSTEM VSW1']),
    });
    const sut = new CoupleNicHandler(hv, hv, guests, strict<NicsRepository>({}));
    const p = { userid: toUserid('VM1'), vdev: '1000', vswitch: 'VSW1', vlanId: 5, active: false };
    await expect(sut.run(p, ctx())).resolves.toBe('');
    expect(skipped).toEqual(['couple NIC 1000']);
  });

  it('maps a running guest refusing the vswitch to 404, with the directory undo recorded', async () => {
    const replaced: unknown[][] = [];
    const hv = strict<SystemsManagement & CpQueries>({
      vswitchExists: returns(true),
      queryUserPower: returns('on'),
      imageQueryDM: returns(DIR),
      imageLockDM: returns(undefined),
      imageReplaceDM: (...args: unknown[]) => Promise.resolve(void replaced.push(args)),
      nicConnect: () => Promise.reject(Errors.smapi(212, 40, 'no vswitch')),
    });
    const sut = new CoupleNicHandler(hv, hv, guests, strict<NicsRepository>({}));
    const p = { userid: toUserid('VM1'), vdev: '1000', vswitch: 'VSW1', vlanId: 7, active: true };
    const err = (await sut.run(p, ctx()).catch((e: unknown) => e)) as HvError;
    expect(err).toBeInstanceOf(HvError);
    expect(err).toMatchObject({ overallRC: 404, modID: 20 });
    expect(replaced).toEqual([
      ['VM1', [DIR[0], 'NICDEF 1000 TYPE QDIO LAN SYSTEM VSW1 VLAN 7 PORTTYPE ACCESS']],
    ]);
    expect(undos).toHaveLength(1);
  });
});
