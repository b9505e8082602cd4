import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { type Envelope, UseStatusRule } from '#envelope';
import { type Accepted, OpRequest, type OperationRequest, SubmitsOperation } from '#operations';
import { CreateVswitchBody } from './dto/create-vswitch.dto.js';
import { UpdateVswitchBody } from './dto/update-vswitch.dto.js';
import type { VswitchView } from './vswitch-record.js';
import { VswitchNamePipe } from './vswitch-name.js';
import { VswitchesService } from './vswitches.service.js';
import { VSWITCH_NAMES_OUTPUT, VSWITCH_OUTPUT } from './vswitches.openapi.js';

/** Spec §4.10. Create, update and delete are operations; reads answer at once. */
@Controller('vswitches')
export class VswitchesController {
  constructor(private readonly vswitches: VswitchesService) {}

  @Get()
  @VSWITCH_NAMES_OUTPUT
  list(): Promise<Envelope<string[]>> {
    return this.vswitches.list();
  }

  @Post()
  @HttpCode(200) // the spec answers 200 to every success
  @UseStatusRule('alreadyExists')
  @SubmitsOperation()
  create(
    @Body() body: CreateVswitchBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.vswitches.create(body.vswitch, req);
  }

  @Get(':name')
  @VSWITCH_OUTPUT
  @UseStatusRule('notFound')
  get(@Param('name', VswitchNamePipe) name: string): Promise<Envelope<VswitchView>> {
    return this.vswitches.get(name);
  }

  @Put(':name')
  @UseStatusRule('notFound')
  @SubmitsOperation()
  update(
    @Param('name', VswitchNamePipe) name: string,
    @Body() body: UpdateVswitchBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.vswitches.update(name, body.vswitch, req);
  }

  /** Idempotent: a switch that does not exist is already deleted. */
  @Delete(':name')
  @SubmitsOperation()
  delete(
    @Param('name', VswitchNamePipe) name: string,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.vswitches.delete(name, req);
  }
}
