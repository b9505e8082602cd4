import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { type Envelope, type Userid, UseridPipe, UseStatusRule } from '#envelope';
import { type Accepted, OpRequest, type OperationRequest, SubmitsOperation } from '#operations';
import { ConfigDisksBody } from './config-disks.dto.js';
import { AddDisksBody, DeleteDisksBody } from './disks.dto.js';
import { DISKS_ADDED_OUTPUT, MINIDISKS_OUTPUT } from './guest-disks.openapi.js';
import { GuestDisksService, type MinidiskView } from './guest-disks.service.js';

/** Spec §4.3: a guest's minidisks, and their file systems and mount points (PUT). */
@Controller('guests/:userid/disks')
export class GuestDisksController {
  constructor(private readonly disks: GuestDisksService) {}

  @Get()
  @MINIDISKS_OUTPUT
  @UseStatusRule('notFound')
  list(
    @Param('userid', UseridPipe) userid: Userid,
  ): Promise<Envelope<{ minidisks: MinidiskView[] }>> {
    return this.disks.list(userid);
  }

  @Post()
  @HttpCode(200) // the spec answers 200 to every success
  @SubmitsOperation()
  @DISKS_ADDED_OUTPUT
  add(
    @Param('userid', UseridPipe) userid: Userid,
    @Body() body: AddDisksBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.disks.add(userid, body.disk_info, req);
  }

  @Put()
  @SubmitsOperation()
  config(
    @Param('userid', UseridPipe) userid: Userid,
    @Body() body: ConfigDisksBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.disks.config(userid, body.disk_info, req);
  }

  @Delete()
  @SubmitsOperation()
  delete(
    @Param('userid', UseridPipe) userid: Userid,
    @Body() body: DeleteDisksBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.disks.delete(userid, body.vdev_info, req);
  }
}
