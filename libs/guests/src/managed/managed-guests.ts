import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AppConfig, createRedisClient } from '#config';
import type { Userid } from '#envelope';
import { GuestsRepository } from '#persistence';
import { departuresChannel } from './guest-departures.js';
import { requireManagedGuest } from './managed-guest.js';

/** The part of a subscribed ioredis client (plain or Cluster) used here. */
export interface DepartureFeed {
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'ready' | 'close' | 'end' | 'reconnecting' | 'error', listener: () => void): unknown;
  subscribe(channel: string): Promise<unknown>;
  disconnect(): void;
}

/** Past this many userids kept, the list starts again (thousands of guests fit many times). */
const MAX_KEPT = 100_000;

/**
 * The api's "is this guest managed" (requireManagedGuest's rule, 404 rs 1), answered from the
 * guests it found managed in the last MANAGED_GUESTS_CACHE_MS. Reading it was about an eighth
 * of the api's busy samples on power_state (docs/decisions/0004).
 *
 * Only a guest found managed is kept, never one found not to be: a guest comes into the service
 * by operations and tools that need not say so, and a client that has just created one must
 * find it. It leaves by a worker's delete or live migration, or an api's deregister_vm, which
 * publish its userid (GuestDepartures) before the step ends or the answer goes; every api drops
 * it when that comes (the api that deregistered it, at once). A read begun before a departure
 * is not kept (`epoch`), and nothing is kept while the subscription is not heard (at start,
 * and from a lost connection until subscribed again, when all kept is dropped). What the word
 * cannot cover (a worker killed between its delete and the publish, a Cluster's
 * subscriber moved to another node, `hvctl adopt` marking a known guest migrated) lasts at most
 * MANAGED_GUESTS_CACHE_MS. Workers always read the database (requireManagedGuest).
 */
@Injectable()
export class ManagedGuests implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger(ManagedGuests.name);
  /** Userids found managed, each with the time (Date.now()) until which it may be answered. */
  private readonly kept = new Map<string, number>();
  /** Moves on at each departure and each loss of the feed: a read begun before is not kept. */
  private epoch = 0;
  private hearing = false;
  private feed?: DepartureFeed;

  constructor(
    private readonly cfg: AppConfig,
    private readonly guests: GuestsRepository,
  ) {}

  onModuleInit(): void {
    this.hearOwn();
    if (this.cfg.MANAGED_GUESTS_CACHE_MS > 0) this.listen(createRedisClient(this.cfg, 'api'));
  }

  /**
   * This process's own departures (deregister_vm deletes the row in the api) are forgotten here
   * before they are answered, not when their word comes back from Redis.
   */
  hearOwn(): void {
    this.guests.onDeparture((userid) => Promise.resolve(this.forget(userid)));
  }

  onApplicationShutdown(): void {
    this.deaf();
    this.feed?.disconnect();
  }

  /** The userid when the guest is managed here; else throws 404 rs 1 (modID 10). */
  async require(userid: Userid): Promise<Userid> {
    const until = this.kept.get(userid);
    if (until !== undefined && until > Date.now()) return userid;
    const epoch = this.epoch;
    await requireManagedGuest(this.guests, userid, { batched: true });
    if (this.hearing && epoch === this.epoch) this.keep(userid);
    return userid;
  }

  /** Hears departures on `feed` (a fresh, unsubscribed connection; taken over). */
  listen(feed: DepartureFeed): void {
    const channel = departuresChannel(this.cfg.QUEUE_PREFIX);
    this.feed = feed;
    feed.on('message', (ch, userid) => {
      if (ch === channel) this.forget(userid);
    });
    feed.on('ready', () => {
      feed.subscribe(channel).then(
        () => {
          this.deaf(); // whatever was kept may have missed a departure meanwhile
          this.hearing = true;
        },
        (e: Error) => this.log.warn(`guest departures not heard: ${e.message}`),
      );
    });
    for (const lost of ['close', 'end', 'reconnecting'] as const) feed.on(lost, () => this.deaf());
    feed.on('error', () => undefined); // 'close' follows; the queues' own connections say why
  }

  private keep(userid: Userid): void {
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    this.kept.set(userid, Date.now() + this.cfg.MANAGED_GUESTS_CACHE_MS);
  }

  private forget(userid: string): void {
    this.epoch++;
    this.kept.delete(userid);
  }

  private deaf(): void {
    this.epoch++;
    this.hearing = false;
    this.kept.clear();
  }
}
