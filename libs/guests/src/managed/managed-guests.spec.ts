import { jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { AppConfig } from '#config';
import { ModID, toUserid } from '#envelope';
import type { GuestRecord, GuestsRepository } from '#persistence';
import type { DepartureFeed } from './managed-guests.js';
import { ManagedGuests } from './managed-guests.js';
import { strictMock } from '#testing/jest';

const CHANNEL = 'pfx:guests:departed';
/** requireManagedGuest's 404 rs 1 */
const UNMANAGED = { overallRC: 404, rs: 1, modID: ModID.GUEST };

/** A database of guests (userid → migrated), counting reads; `gate` holds reads until opened. */
function database(rows: Record<string, boolean>) {
  const db = { rows, reads: 0, gate: undefined as Promise<void> | undefined };
  const guests = strictMock<GuestsRepository>({
    findByUseridBatched: async (id: string) => {
      db.reads++;
      const found = id in db.rows ? ({ userid: id, migrated: db.rows[id] } as GuestRecord) : null;
      await db.gate;
      return found;
    },
  });
  return { db, guests };
}

/** A subscriber connection the test drives; `channels`: what the api subscribed to. */
class FakeFeed extends EventEmitter implements DepartureFeed {
  channels: string[] = [];
  subscribe(channel: string): Promise<unknown> {
    this.channels.push(channel);
    return Promise.resolve(1);
  }
  disconnect(): void {
    this.emit('end');
  }
  async connect(): Promise<void> {
    this.emit('ready');
    await new Promise((r) => setImmediate(r));
  }
}

const cfg = (ms = 60_000) =>
  ({ MANAGED_GUESTS_CACHE_MS: ms, QUEUE_PREFIX: 'pfx' }) as unknown as AppConfig;

async function setUp(rows: Record<string, boolean>, ms?: number) {
  const { db, guests } = database(rows);
  const sut = new ManagedGuests(cfg(ms), guests);
  const feed = new FakeFeed();
  sut.listen(feed);
  await feed.connect();
  return { db, sut, feed };
}

const ask = (sut: ManagedGuests, id: string) => sut.require(toUserid(id));

describe('ManagedGuests', () => {
  it('reads a managed guest once and answers from then on without reading', async () => {
    const { db, sut, feed } = await setUp({ ALPHA: false });
    expect(feed.channels).toEqual([CHANNEL]);
    expect(await ask(sut, 'alpha')).toBe('ALPHA');
    expect(await ask(sut, 'ALPHA')).toBe('ALPHA');
    expect(db.reads).toBe(1);
  });

  it('never keeps a guest found unmanaged: one created meanwhile is found', async () => {
    const { db, sut } = await setUp({ GONE: true });
    await expect(ask(sut, 'BETA')).rejects.toMatchObject(UNMANAGED);
    await expect(ask(sut, 'GONE')).rejects.toMatchObject(UNMANAGED);
    db.rows.BETA = false;
    expect(await ask(sut, 'BETA')).toBe('BETA');
    expect(db.reads).toBe(3);
  });

  it('forgets a guest whose departure is published', async () => {
    const { db, sut, feed } = await setUp({ ALPHA: false, BETA: false });
    await ask(sut, 'ALPHA');
    await ask(sut, 'BETA');
    delete db.rows.ALPHA;
    feed.emit('message', CHANNEL, 'ALPHA');
    feed.emit('message', 'other:guests:departed', 'BETA'); // another installation's
    await expect(ask(sut, 'ALPHA')).rejects.toMatchObject(UNMANAGED);
    expect(await ask(sut, 'BETA')).toBe('BETA');
    expect(db.reads).toBe(3);
  });

  it("forgets at once a guest this process's own repository says has left", async () => {
    const departures: ((id: string) => Promise<void>)[] = [];
    const { db, guests } = database({ ALPHA: false });
    Object.assign(guests, {
      onDeparture: (l: (id: string) => Promise<void>) => departures.push(l),
    });
    const sut = new ManagedGuests(cfg(), guests);
    sut.hearOwn();
    const feed = new FakeFeed();
    sut.listen(feed);
    await feed.connect();
    await ask(sut, 'ALPHA');
    delete db.rows.ALPHA;
    for (const l of departures) await l('ALPHA'); // no word on the feed
    await expect(ask(sut, 'ALPHA')).rejects.toMatchObject(UNMANAGED);
  });

  it('does not keep what a read found when a departure came while it was read', async () => {
    const { db, sut, feed } = await setUp({ ALPHA: false });
    let open!: () => void;
    db.gate = new Promise((r) => (open = r));
    const asked = ask(sut, 'ALPHA'); // read before the delete, answered after the word
    await new Promise((r) => setImmediate(r));
    delete db.rows.ALPHA;
    feed.emit('message', CHANNEL, 'ALPHA');
    open();
    expect(await asked).toBe('ALPHA');
    db.gate = undefined;
    await expect(ask(sut, 'ALPHA')).rejects.toMatchObject(UNMANAGED);
  });

  it('keeps nothing while departures are not heard, and drops all kept when the feed is lost', async () => {
    const { db, guests } = database({ ALPHA: false });
    const sut = new ManagedGuests(cfg(), guests);
    const feed = new FakeFeed();
    sut.listen(feed);
    await ask(sut, 'ALPHA'); // not yet subscribed
    await ask(sut, 'ALPHA');
    expect(db.reads).toBe(2);

    await feed.connect();
    await ask(sut, 'ALPHA');
    await ask(sut, 'ALPHA');
    expect(db.reads).toBe(3);

    for (const lost of ['close', 'reconnecting', 'end']) {
      feed.emit(lost);
      await ask(sut, 'ALPHA'); // a departure could be missed: read again, keep nothing
      await ask(sut, 'ALPHA');
      await feed.connect();
    }
    expect(db.reads).toBe(3 + 3 * 2);
  });

  it('reads again once a guest has been kept MANAGED_GUESTS_CACHE_MS', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    try {
      const { db, sut } = await setUp({ ALPHA: false }, 1000);
      await ask(sut, 'ALPHA');
      jest.advanceTimersByTime(999);
      await ask(sut, 'ALPHA');
      expect(db.reads).toBe(1);
      jest.advanceTimersByTime(1);
      await ask(sut, 'ALPHA');
      expect(db.reads).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
