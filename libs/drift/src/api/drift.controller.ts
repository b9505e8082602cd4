import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Envelope } from '#envelope';
import { type Accepted, OpRequest, type OperationRequest, SubmitsOperation } from '#operations';
import type { DriftReport } from './drift-views.js';
import { DECISION_OUTPUT, DRIFT_OUTPUT } from './drift.openapi.js';
import { DriftService } from './drift.service.js';

/**
 * The drift report (issue #58, docs/drift.md): what differs between the hypervisor and the
 * database, and an operator's decision on each item.
 */
@Controller('drift')
export class DriftController {
  constructor(private readonly drift: DriftService) {}

  @Get()
  @DRIFT_OUTPUT
  report(): Promise<Envelope<DriftReport>> {
    return this.drift.report();
  }

  /** The database takes what the hypervisor has for the item. */
  @Post(':kind/:id/adopt')
  @HttpCode(200) // the spec answers 200 to every success
  @DECISION_OUTPUT
  @SubmitsOperation()
  adopt(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.drift.decide('adopt', kind, id, req);
  }

  /** Both sides stay as they are; the item is not reported while it stays so. */
  @Post(':kind/:id/forget')
  @HttpCode(200)
  @DECISION_OUTPUT
  @SubmitsOperation()
  forget(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.drift.decide('forget', kind, id, req);
  }
}
