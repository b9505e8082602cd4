import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type Envelope, type Userid, UseridPipe, UseStatusRule } from '#envelope';
import { type Accepted, OpRequest, type OperationRequest, SubmitsOperation } from '#operations';
import type { NicRecord } from '#persistence';
import { CreateInterfaceBody, DeleteInterfaceBody } from './dto/interface.dto.js';
import { CoupleNicBody, CreateNicBody, DeleteNicBody } from './dto/nic.dto.js';
import { NicsQuery } from './dto/nics-query.dto.js';
import { NicChangesService } from './nic-changes.service.js';
import {
  ADAPTERS_OUTPUT,
  INTERFACE_STATS_OUTPUT,
  NIC_CREATED_OUTPUT,
  NIC_RECORDS_OUTPUT,
} from './nics.openapi.js';
import { type AdapterView, NicReadsService, type NicStatsView } from './nic-reads.service.js';

/** Spec §4.5 (NIC reads) and §4.6: guest NICs and network interfaces. */
@Controller('guests')
export class NicsController {
  constructor(
    private readonly reads: NicReadsService,
    private readonly changes: NicChangesService,
  ) {}

  @Get('nics')
  @NIC_RECORDS_OUTPUT
  @UseStatusRule('notFound')
  list(@Query() q: NicsQuery): Promise<Envelope<NicRecord[]>> {
    return this.reads.list(q);
  }

  @Get('interfacestats')
  @INTERFACE_STATS_OUTPUT
  @UseStatusRule('notFound')
  interfaceStats(
    @Query('userid') userid: unknown,
  ): Promise<Envelope<Record<string, NicStatsView[]>>> {
    return this.reads.interfaceStats(userid);
  }

  @Get(':userid/adapters')
  @ADAPTERS_OUTPUT
  @UseStatusRule('notFound')
  adapters(
    @Param('userid', UseridPipe) userid: Userid,
  ): Promise<Envelope<{ adapters: AdapterView[] }>> {
    return this.reads.adapters(userid);
  }

  @Post(':userid/nic')
  @HttpCode(200) // the spec answers 200 to every success
  @SubmitsOperation()
  @NIC_CREATED_OUTPUT
  create(
    @Param('userid', UseridPipe) userid: Userid,
    @Body() body: CreateNicBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.changes.create(userid, body.nic, req);
  }

  @Delete(':userid/nic/:vdev')
  @SubmitsOperation()
  delete(
    @Param('userid', UseridPipe) userid: Userid,
    @Param('vdev') vdev: string,
    @Body() body: DeleteNicBody,
    @Req() raw: FastifyRequest,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    // the pipe turns a missing body into {}: whether one came is read from the request
    return this.changes.delete(userid, vdev, raw.body === undefined ? undefined : body, req);
  }

  @Put(':userid/nic/:vdev')
  @SubmitsOperation()
  couple(
    @Param('userid', UseridPipe) userid: Userid,
    @Param('vdev') vdev: string,
    @Body() body: CoupleNicBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.changes.couple(userid, vdev, body.info, req);
  }

  @Post(':userid/interface')
  @HttpCode(200)
  @SubmitsOperation()
  createInterface(
    @Param('userid', UseridPipe) userid: Userid,
    @Body() body: CreateInterfaceBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.changes.createInterface(userid, body.interface, req);
  }

  @Delete(':userid/interface')
  @SubmitsOperation()
  deleteInterface(
    @Param('userid', UseridPipe) userid: Userid,
    @Body() body: DeleteInterfaceBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.changes.deleteInterface(userid, body.interface, req);
  }
}
