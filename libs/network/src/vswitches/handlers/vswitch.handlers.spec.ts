import { Errors, HvError, toUserid } from '#envelope';
import type { SystemsManagement, VswitchExtendedInfo, VswitchSetParams } from '#hypervisor';
import type { EffectRegistrar, OperationContext } from '#operations';
import { DeleteVswitchHandler, UpdateVswitchHandler } from './vswitch.handlers.js';
import { strictMock } from '#testing/jest';

/** Steps just run; skips are remembered. */
function context() {
  const skipped: string[] = [];
  const ctx = strictMock<OperationContext>({
    step: <T>(_name: string, fn: (effect: EffectRegistrar) => Promise<T>) => fn(() => undefined),
    skip: (name: string) => Promise.resolve(void skipped.push(name)),
  });
  return { ctx, skipped };
}

function hv(opts: { users?: string[]; setError?: HvError; deleteError?: HvError }) {
  const sets: VswitchSetParams[] = [];
  const client = strictMock<SystemsManagement>({
    vswitchQuery: () =>
      Promise.resolve({
        authorizedUsers: (opts.users ?? []).map((grantUserid) => ({ grantUserid })),
      } as unknown as VswitchExtendedInfo),
    vswitchSet: (p: VswitchSetParams) => {
      sets.push(p);
      return opts.setError ? Promise.reject(opts.setError) : Promise.resolve();
    },
    vswitchDelete: () => (opts.deleteError ? Promise.reject(opts.deleteError) : Promise.resolve()),
  });
  return { client, sets };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as HvError,
  );

describe('vswitch handlers', () => {
  it('does not grant an already authorised user again', async () => {
    const { client, sets } = hv({ users: ['LINUX01'] });
    const { ctx, skipped } = context();
    await new UpdateVswitchHandler(client).run(
      { name: 'VSW1', change: 'grant', userid: toUserid('LINUX01') },
      ctx,
    );
    expect(sets).toEqual([]);
    expect(skipped).toEqual(['grant LINUX01']);
  });

  it('sets a user VLAN as a grant with user_vlan_id, persistently', async () => {
    const { client, sets } = hv({});
    await new UpdateVswitchHandler(client).run(
      { name: 'VSW1', change: 'vlan', userid: toUserid('LINUX01'), vlanId: 10 },
      context().ctx,
    );
    expect(sets).toEqual([
      { switchName: 'VSW1', grantUserid: 'LINUX01', userVlanId: 10, persist: true },
    ]);
  });

  it.each([
    [212, 40, { overallRC: 404, rs: 1, modID: 20 }],
    [396, 2846, { overallRC: 409, rs: 5, modID: 20 }],
    [396, 2838, { overallRC: 409, rs: 5, modID: 20 }],
    [396, 9999, { overallRC: 8, rc: 396, rs: 9999, modID: 1 }],
  ])('words SMAPI %i/%i of a revoke as the reference does', async (rc, rs, codes) => {
    const { client } = hv({ setError: Errors.smapi(rc, rs, 'refused') });
    const err = await failure(
      new UpdateVswitchHandler(client).run(
        { name: 'VSW1', change: 'revoke', userid: toUserid('LINUX01') },
        context().ctx,
      ),
    );
    expect(err).toMatchObject(codes);
  });

  it('treats deleting a missing vswitch as done, other failures not', async () => {
    const missing = hv({ deleteError: Errors.smapi(212, 40, 'gone') });
    await expect(
      new DeleteVswitchHandler(missing.client).run({ name: 'VSW1' }, context().ctx),
    ).resolves.toBe('');
    const other = hv({ deleteError: Errors.smapi(396, 1, 'no') });
    expect(
      await failure(new DeleteVswitchHandler(other.client).run({ name: 'VSW1' }, context().ctx)),
    ).toMatchObject({ rc: 396 });
  });
});
