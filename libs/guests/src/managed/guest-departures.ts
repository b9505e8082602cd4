import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Userid } from '#envelope';
import { RedisService } from '#operations';
import { GuestsRepository } from '#persistence';

/** The Redis channel on which workers name the guests that stopped being managed here. */
export const departuresChannel = (queuePrefix: string): string => `${queuePrefix}:guests:departed`;

/**
 * Publishes each guest this process deletes or marks migrated away (a worker's delete and live
 * migration, an api's deregister_vm) before the step that did it ends or the request is
 * answered, so every api that answered from its list of managed guests (ManagedGuests) forgets
 * it before the change is seen to be made.
 */
@Injectable()
export class GuestDepartures implements OnModuleInit {
  private readonly log = new Logger(GuestDepartures.name);

  constructor(
    private readonly guests: GuestsRepository,
    private readonly redis: RedisService,
  ) {}

  onModuleInit(): void {
    this.guests.onDeparture((userid) => this.announce(userid));
  }

  private async announce(userid: Userid): Promise<void> {
    try {
      await this.redis.client.publish(departuresChannel(this.redis.prefix), userid);
    } catch (e) {
      // the change itself is made: an api forgets the guest when its entry runs out instead
      this.log.warn(
        `the departure of ${userid} was not announced (${(e as Error).message}): ` +
          'apis may take it as managed for up to MANAGED_GUESTS_CACHE_MS',
      );
    }
  }
}
