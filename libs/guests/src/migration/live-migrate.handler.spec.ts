import { toUserid } from '#envelope';
import type { CpQueries, SystemsManagement } from '#hypervisor';
import type { LiveMigratePayload } from '#jobs';
import type { EffectRegistrar, OperationContext, StepOptions } from '#operations';
import type { GuestsRepository } from '#persistence';
import { LiveMigrateHandler } from './live-migrate.handler.js';
import { strictMock } from '#testing/jest';

/** Live migration registers no undo of its own. */
const noUndo: EffectRegistrar = () => undefined;

/** A context resuming after a crash: every probed step is in doubt and runs only if absent. */
function resumedContext() {
  const adopted: string[] = [];
  const ctx = strictMock<OperationContext>({
    step: async <T>(
      name: string,
      fn: (effect: EffectRegistrar) => Promise<T>,
      opts: StepOptions = {},
    ) => {
      if (opts.probe && (await opts.probe('2026-01-01T00:00:00.000Z')) === 'done') {
        adopted.push(name);
        return undefined;
      }
      return fn(noUndo);
    },
    skip: () => Promise.resolve(),
    progress: () => Promise.resolve(),
  });
  return { ctx, adopted };
}

/** A hypervisor where a relocation runs for `busy` more queries, the guest then on `member`. */
function hypervisor(busy: number, member: string) {
  const calls: string[] = [];
  const client = strictMock<SystemsManagement & CpQueries>({
    queryUserPower: () => Promise.resolve('on'),
    relocating: () => {
      calls.push('QUERY VMRELOCATE');
      return Promise.resolve(busy-- > 0);
    },
    memberOf: () => {
      calls.push('QUERY USER AT ALL');
      return Promise.resolve(member);
    },
    vmRelocate: () => {
      calls.push('VMRELOCATE');
      return Promise.resolve({ source: 'HVSIM1', destination: 'HVSIM2', passes: [] });
    },
  });
  return { client, calls };
}

const guests = strictMock<GuestsRepository>({
  findByUserid: () => Promise.resolve({ userid: 'LINUX01', migrated: false }),
  update: () => Promise.resolve(),
});

const move: LiveMigratePayload = {
  userid: toUserid('LINUX01'),
  action: 'move',
  destination: 'HVSIM2',
  options: {},
};

describe('LiveMigrateHandler after a crash in the relocation', () => {
  it('waits for a relocation still in progress and adopts it: no second VMRELOCATE', async () => {
    const { client, calls } = hypervisor(2, 'HVSIM2');
    const { ctx, adopted } = resumedContext();
    await new LiveMigrateHandler(client, client, guests).run(move, ctx);
    expect(calls).toEqual([
      'QUERY VMRELOCATE',
      'QUERY VMRELOCATE',
      'QUERY VMRELOCATE',
      'QUERY USER AT ALL',
    ]);
    expect(adopted).toEqual(['relocate']);
  });

  it('relocates when the guest is still on its source and nothing is in progress', async () => {
    const { client, calls } = hypervisor(0, 'HVSIM1');
    const { ctx, adopted } = resumedContext();
    await new LiveMigrateHandler(client, client, guests).run(move, ctx);
    expect(calls).toEqual(['QUERY VMRELOCATE', 'QUERY USER AT ALL', 'VMRELOCATE']);
    expect(adopted).toEqual([]);
  });
});
