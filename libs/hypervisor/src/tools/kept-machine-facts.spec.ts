import { KeptMachineFacts, MACHINE_FACTS_TTL_MS } from './kept-machine-facts.js';
import type { MachineFacts } from './machine.facts.js';

const FACTS: MachineFacts = {
  cpcSn: '0000000000082F57',
  cpcName: 'M54',
  lpar: 'ZVM4OCP1',
  pchids: { '10': '0240', '59': '02E4' },
};

/** A read that counts its calls and answers `facts` (or fails while `fail` is set). */
function reader(facts: MachineFacts = FACTS) {
  const r = {
    reads: 0,
    fail: false,
    read: () => {
      r.reads++;
      return r.fail ? Promise.reject(new Error('lschp exited 1')) : Promise.resolve(facts);
    },
  };
  return r;
}

describe('KeptMachineFacts', () => {
  it('reads the machine once and answers later queries from what it kept', async () => {
    const r = reader();
    const kept = new KeptMachineFacts(r.read);
    await expect(kept.get(['10'])).resolves.toEqual(FACTS);
    await expect(kept.get(['10', '59'])).resolves.toEqual(FACTS);
    await expect(kept.get()).resolves.toEqual(FACTS);
    expect(r.reads).toBe(1);
  });

  it('reads again once the facts are older than the TTL', async () => {
    const r = reader();
    let now = 1_000;
    const kept = new KeptMachineFacts(r.read, () => now);
    await kept.get(['10']);
    now += MACHINE_FACTS_TTL_MS - 1;
    await kept.get(['10']);
    expect(r.reads).toBe(1);
    now += 1;
    await kept.get(['10']);
    expect(r.reads).toBe(2);
  });

  it('reads again at once for a CHPID it does not know (a channel path added since)', async () => {
    const r = reader();
    const kept = new KeptMachineFacts(r.read);
    await kept.get(['10']);
    await kept.get(['5a']);
    expect(r.reads).toBe(2);
    await kept.get(['59']); // lower and upper case are the same CHPID
    expect(r.reads).toBe(2);
  });

  it('queries that come while a read is out share it', async () => {
    const r = reader();
    const kept = new KeptMachineFacts(r.read);
    const all = await Promise.all([kept.get(['10']), kept.get(['59']), kept.get()]);
    expect(all).toEqual([FACTS, FACTS, FACTS]);
    expect(r.reads).toBe(1);
  });

  it('does not keep a failed read: the next query reads again', async () => {
    const r = reader();
    r.fail = true;
    const kept = new KeptMachineFacts(r.read);
    await expect(kept.get(['10'])).rejects.toThrow(/lschp exited 1/);
    r.fail = false;
    await expect(kept.get(['10'])).resolves.toEqual(FACTS);
    expect(r.reads).toBe(2);
  });
});
