import { getQueueToken } from '@nestjs/bullmq';
import type { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { QueueName } from '#jobs';

/** The BullMQ queue `name` that QueuesModule registered, wherever in the module graph it is. */
export function queueOf(moduleRef: ModuleRef, name: QueueName): Queue {
  return moduleRef.get<Queue>(getQueueToken(name), { strict: false });
}
