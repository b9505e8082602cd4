import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { type Envelope, ok, type Userid, UseridPipe } from '#envelope';
import { OperationsRepository } from '#persistence';
import { QueueDrain } from '../queue-drain.service.js';
import { operationView } from '../operation-view.js';
import { ListOperationsQuery } from './operations.dto.js';
import { OPERATION_PAGE_OUTPUT } from './operations.openapi.js';

/** GET /guests/{userid}/operations: the history of one guest, newest first. */
@Controller('guests/:userid/operations')
export class GuestOperationsController {
  constructor(
    private readonly ops: OperationsRepository,
    private readonly drains: QueueDrain,
  ) {}

  @Get()
  @ApiResponse(OPERATION_PAGE_OUTPUT)
  async history(
    @Param('userid', UseridPipe) userid: Userid,
    @Query() q: ListOperationsQuery,
  ): Promise<Envelope> {
    const page = await this.ops.list({
      target: userid,
      status: q.status,
      kind: q.kind,
      limit: q.limit ?? 50,
      cursor: q.cursor,
    });
    return ok({
      operations: page.items.map((op) => operationView(op, this.drains.heldOf(op))),
      next_cursor: page.nextCursor,
    });
  }
}
