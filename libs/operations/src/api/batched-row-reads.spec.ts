import type { OperationRecord } from '#persistence';
import { BatchedRowReads, type ManyRowReader } from './batched-row-reads.js';
import { TurnSlicer } from './turn-slicer.js';

const slicer = () =>
  new TurnSlicer((e) => {
    throw e;
  });

const row = (id: string) => ({ id, status: 'queued' }) as OperationRecord;

/** A repository of the rows `known`, recording each getMany's ids. */
function repo(known: string[]): ManyRowReader & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    getMany: (ids) => {
      calls.push([...ids]);
      return Promise.resolve(ids.filter((id) => known.includes(id)).map(row));
    },
  };
}

describe('BatchedRowReads', () => {
  it('reads what is asked for in one turn with one call, each asker getting its row', async () => {
    const ids = Array.from({ length: 1200 }, (_, i) => `op-${i}`);
    const r = repo(ids);
    const reads = new BatchedRowReads(r, slicer());
    const rows = await Promise.all([...ids, 'op-7', 'missing'].map((id) => reads.read(id)));
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]).toHaveLength(1201); // op-7 once, however many ask
    expect(rows.slice(0, 1200).map((x) => x?.id)).toEqual(ids);
    expect(rows[1200]?.id).toBe('op-7');
    expect(rows[1201]).toBeNull();
  });

  it('starts a new batch for what is asked after a batch has gone', async () => {
    const r = repo(['a', 'b']);
    const reads = new BatchedRowReads(r, slicer());
    expect((await reads.read('a'))?.id).toBe('a');
    expect((await reads.read('b'))?.id).toBe('b');
    expect(r.calls).toEqual([['a'], ['b']]);
  });

  it('fails every read of a batch whose query failed, and reads the next batch anew', async () => {
    let fail = true;
    const reads = new BatchedRowReads(
      {
        getMany: (ids) =>
          fail ? Promise.reject(new Error('database gone')) : Promise.resolve(ids.map(row)),
      },
      slicer(),
    );
    const failed = await Promise.allSettled([reads.read('a'), reads.read('b')]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await reads.read('a'))?.id).toBe('a');
  });

  it('hands the answers of a large batch back over several turns of the event loop', async () => {
    const ids = Array.from({ length: 1500 }, (_, i) => `op-${i}`);
    const reads = new BatchedRowReads(repo(ids), slicer());
    let answered = 0;
    const all = Promise.all(ids.map((id) => reads.read(id).then(() => answered++)));
    // a turn's callback queued now runs after the batch's query and its first slice of answers
    const seen: number[] = [];
    const watch = async () => {
      while (answered < ids.length) {
        seen.push(answered);
        await new Promise((r) => setImmediate(r));
      }
    };
    await Promise.all([all, watch()]);
    expect(seen.some((n) => n > 0 && n < ids.length)).toBe(true);
  });
});
