import { Controller, Get, Headers, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '#config';
import { Errors, ModID } from '#envelope';
import { OperationsRepository } from '#persistence';
import { JobWaiter } from '../job-waiter.service.js';
import { OPERATION_EVENTS_RESPONSE } from './operation-events.openapi.js';
import { OperationStream } from './operation-stream.js';

const notFound = () => Errors.notExist(ModID.REST, 'Operation');

/** GET /operations/{id}/events: server-sent events of one operation (progress, step, done). */
@Controller('operations')
export class OperationEventsController {
  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
    private readonly waiter: JobWaiter,
  ) {}

  @Get(':id/events')
  @ApiResponse(OPERATION_EVENTS_RESPONSE)
  @ApiNotFoundResponse({ description: 'No such operation' })
  async events(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: notFound })) id: string,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const op = await this.ops.get(id);
    if (!op) throw notFound();
    reply.hijack(); // a stream, not an envelope: written straight to the socket
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // keep proxies from buffering the stream
    });
    reply.raw.write('retry: 2000\n\n');
    const stream = new OperationStream(
      id,
      reply.raw,
      this.ops,
      this.waiter,
      this.cfg.SSE_HEARTBEAT_S * 1000,
      lastEventId,
    );
    stream.start(op);
  }
}
