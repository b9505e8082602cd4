import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultState } from './default.inventory.js';
import { StateStore } from './state.store.js';
import type { SimState } from './state.types.js';

/** Counts its writes, and can be told to fail them. */
class CountingStore extends StateStore {
  writes = 0;
  failing = false;
  protected override async atomicWrite(text: string): Promise<void> {
    this.writes++;
    if (this.failing) throw new Error('disk full');
    await super.atomicWrite(text);
  }
}

describe('StateStore (group commit)', () => {
  let dir: string;
  let store: CountingStore;
  let state: SimState;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hv-sim-store-'));
    store = new CountingStore(dir);
    state = defaultState({ systemId: 'HVSIM1', profiles: [], diskPools: [] });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const onDisk = (): SimState => JSON.parse(readFileSync(store.file, 'utf8')) as SimState;

  it('resolves durable() only once the change is in the file', async () => {
    state.profiles.push('FIRST');
    store.scheduleSave(state);
    await store.durable();
    expect(onDisk().profiles).toContain('FIRST');
    // nothing changed since: nothing to wait for, nothing written
    const writes = store.writes;
    await store.durable();
    expect(store.writes).toBe(writes);
  });

  it('shares one write between the changes that arrive together', async () => {
    const answered = Array.from({ length: 50 }, (_, i) => {
      state.profiles.push(`P${i}`);
      store.scheduleSave(state);
      return store.durable();
    });
    await Promise.all(answered);
    expect(store.writes).toBe(1);
    expect(onDisk().profiles).toContain('P49');
  });

  it('puts a change made during a write into the next one, and waits for that', async () => {
    state.profiles.push('A');
    store.scheduleSave(state);
    const first = store.durable();
    await new Promise((r) => setImmediate(r)); // the first write has started
    state.profiles.push('B');
    store.scheduleSave(state);
    await store.durable();
    expect(onDisk().profiles).toEqual(expect.arrayContaining(['A', 'B']));
    await first;
    expect(store.writes).toBe(2);
  });

  it('rejects the waiters of a failed write; flush reports it until a write succeeds', async () => {
    store.failing = true;
    store.scheduleSave(state);
    await expect(store.durable()).rejects.toThrow('disk full');
    await expect(store.flush()).rejects.toThrow('disk full');
    store.failing = false;
    state.profiles.push('LATER');
    store.scheduleSave(state);
    await store.flush();
    expect(onDisk().profiles).toContain('LATER');
  });
});
