import { Controller, Get, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AcceptsGetBody, type Envelope, readGetBody, UseStatusRule } from '#envelope';
import type { NicRecord } from '#persistence';
import { NicReadsService } from './nic-reads.service.js';
import { NIC_RECORDS_OUTPUT } from './nics.openapi.js';

/** GET /vswitch (spec §4.10): the NIC records of a port id. */
@Controller('vswitch')
export class VswitchPortController {
  constructor(private readonly reads: NicReadsService) {}

  /** `portid` from the JSON body of the GET, as existing clients send it, or from the query. */
  @Get()
  @NIC_RECORDS_OUTPUT
  @UseStatusRule('default')
  @AcceptsGetBody()
  async byPort(
    @Query('portid') query: unknown,
    @Req() req: FastifyRequest,
  ): Promise<Envelope<NicRecord[]>> {
    const body = await readGetBody(req.raw);
    const fromBody =
      body && typeof body === 'object' ? (body as { portid?: unknown }).portid : undefined;
    return this.reads.byPort(fromBody ?? query);
  }
}
