import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { type Envelope, Errors, ok } from '#envelope';
import { OperationsRepository } from '#persistence';
import type { Accepted } from './accepted.js';
import { OpRequest, type OperationRequest } from './operation-request.decorator.js';
import { ListOperationsQuery, ResolveBody, WaitQuery } from './operations.dto.js';
import {
  CANCEL_ANSWERS,
  CANCEL_PREFER,
  NO_SUCH_OPERATION,
  OPERATION_OUTPUT,
  OPERATION_PAGE_OUTPUT,
  RESOLVE_ANSWERS,
  RETRY_REFUSED,
} from './operations.openapi.js';
import { OperationsService } from './operations.service.js';
import { OperationCancel } from './operation-cancel.service.js';
import { OperationVerbs } from './operation-verbs.service.js';
import { SubmitsOperation } from './submits-operation.decorator.js';
import { operationView } from '../operation-view.js';
import { parsePrefer } from './prefer.js';
import { QueueDrain } from '../queue-drain.service.js';

/** The operation resource: status, steps and, once done, the result envelope. */
@Controller('operations')
export class OperationsController {
  constructor(
    private readonly ops: OperationsRepository,
    private readonly service: OperationsService,
    private readonly cancels: OperationCancel,
    private readonly verbs: OperationVerbs,
    private readonly drains: QueueDrain,
  ) {}

  @Get()
  @ApiResponse(OPERATION_PAGE_OUTPUT)
  async list(@Query() q: ListOperationsQuery): Promise<Envelope> {
    const page = await this.ops.list({
      target: q.userid,
      status: q.status,
      kind: q.kind,
      requestedBy: q.requested_by,
      requestId: q.request_id,
      since: q.since === undefined ? undefined : new Date(q.since),
      until: q.until === undefined ? undefined : new Date(q.until),
      limit: q.limit ?? 50,
      cursor: q.cursor,
    });
    return ok({
      operations: page.items.map((op) => operationView(op, this.drains.heldOf(op))),
      next_cursor: page.nextCursor,
    });
  }

  @Get(':id')
  @ApiResponse(OPERATION_OUTPUT)
  @ApiResponse(NO_SUCH_OPERATION)
  async get(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => Errors.notExist(120, 'Operation') }))
    id: string,
    @Query() q: WaitQuery,
    @Headers('prefer') prefer?: string,
  ): Promise<Envelope> {
    const wait = q.wait ?? parsePrefer(prefer).wait ?? 0;
    const op = wait > 0 ? await this.service.waitFor(id, wait) : await this.ops.get(id);
    if (!op) throw Errors.notExist(120, `Operation '${id}'`);
    return ok(operationView(op, this.drains.heldOf(op)));
  }

  /** Cancels a queued or running operation; 409 once it has ended. */
  @Post(':id/cancel')
  @HttpCode(200)
  @ApiResponse(OPERATION_OUTPUT)
  @ApiResponse(NO_SUCH_OPERATION)
  @ApiResponse(CANCEL_ANSWERS[0])
  @ApiResponse(CANCEL_ANSWERS[1])
  @ApiHeader(CANCEL_PREFER)
  cancel(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => Errors.notExist(120, 'Operation') }))
    id: string,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.cancels.cancel(id, req.prefer);
  }

  /**
   * Runs a failed or cancelled operation again as a new operation (same kind and request),
   * answered like any submit; 409 in any other state or once it was retried.
   */
  @Post(':id/retry')
  @HttpCode(200)
  @SubmitsOperation()
  @ApiResponse(NO_SUCH_OPERATION)
  @ApiResponse(RETRY_REFUSED)
  retry(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => Errors.notExist(120, 'Operation') }))
    id: string,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.verbs.retry(id, req);
  }

  /**
   * Ends a needs_attention operation: its undo retried now, or (`mark: resolved`) on the
   * operator's word; 409 in any other state.
   */
  @Post(':id/resolve')
  @HttpCode(200)
  @ApiResponse(OPERATION_OUTPUT)
  @ApiResponse(NO_SUCH_OPERATION)
  @ApiResponse(RESOLVE_ANSWERS[0])
  @ApiResponse(RESOLVE_ANSWERS[1])
  @ApiHeader(CANCEL_PREFER)
  resolve(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => Errors.notExist(120, 'Operation') }))
    id: string,
    @Body() body: ResolveBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.verbs.resolve(id, body, req);
  }
}
