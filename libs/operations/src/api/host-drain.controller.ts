import { Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { type Envelope, Errors, ok, pyRepr } from '#envelope';
import { OPERATION_QUEUES, type QueueName } from '#jobs';
import { queueDown } from './operation-answers.js';
import { type AuditedRequest, auditOf } from './request-audit.js';
import { DRAIN_STATE_OUTPUT, QUEUE_QUERY } from './host-drain.openapi.js';
import { type DrainState, QueueDrain } from '../queue-drain.service.js';

/** `?queue=`: one operation queue, or (absent) all of them; anything else is a 400 naming it. */
function queuesOf(raw: unknown): readonly QueueName[] {
  if (raw === undefined) return OPERATION_QUEUES;
  if (typeof raw === 'string' && (OPERATION_QUEUES as readonly string[]).includes(raw)) {
    return [raw as QueueName];
  }
  throw Errors.validation(
    `Invalid input for query parameters queue. Value: ${pyRepr(raw)}. ` +
      `It must be one of ${OPERATION_QUEUES.join(', ')}`,
  );
}

/**
 * Drain and resume (issue #59 item 6, docs/operating.md): a drained queue lets its running
 * operations finish and holds new ones queued until it is resumed, across restarts.
 */
@Controller('host')
export class HostDrainController {
  constructor(private readonly drains: QueueDrain) {}

  @Get('drain')
  @DRAIN_STATE_OUTPUT
  async drainState(): Promise<Envelope<DrainState>> {
    return ok(await this.drains.state().catch(queueDown));
  }

  @Post('drain')
  @HttpCode(200)
  @DRAIN_STATE_OUTPUT
  @QUEUE_QUERY
  drain(@Query('queue') queue: unknown, @Req() req: AuditedRequest) {
    return this.apply('drain', queue, req);
  }

  @Post('resume')
  @HttpCode(200)
  @DRAIN_STATE_OUTPUT
  @QUEUE_QUERY
  resume(@Query('queue') queue: unknown, @Req() req: AuditedRequest) {
    return this.apply('resume', queue, req);
  }

  /** Drains or resumes the queues `?queue=` names, as who asked, then answers the state. */
  private async apply(verb: 'drain' | 'resume', queue: unknown, req: AuditedRequest) {
    const queues = queuesOf(queue);
    const { requestedBy, requestId } = auditOf(req).fields;
    await this.drains[verb](queues, requestedBy, requestId).catch(queueDown);
    return this.drainState();
  }
}
