import { Body, Controller, HttpCode, Delete, Get, Param, Post } from '@nestjs/common';
import { type Envelope, type Userid, UseridPipe, UseStatusRule } from '#envelope';
import { type Accepted, OpRequest, type OperationRequest, SubmitsOperation } from '#operations';
import { CreateGuestBody } from './create-guest.dto.js';
import { GuestsService } from './guests.service.js';
import {
  GUEST_CREATED_OUTPUT,
  GUEST_LIST_OUTPUT,
  POWER_STATE_OUTPUT,
  USER_DIRECT_OUTPUT,
} from './guests.openapi.js';

/** Spec §4.2 and the power-state reads of §4.5. */
@Controller('guests')
export class GuestsController {
  constructor(private readonly guests: GuestsService) {}

  @Get()
  @UseStatusRule('always200')
  @GUEST_LIST_OUTPUT
  list(): Promise<Envelope<string[]>> {
    return this.guests.list();
  }

  @Post()
  @HttpCode(200) // the spec answers 200 to every success
  @UseStatusRule('alreadyExists')
  @SubmitsOperation()
  @GUEST_CREATED_OUTPUT
  create(
    @Body() body: CreateGuestBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.guests.create(body.guest, req);
  }

  @Get(':userid')
  @USER_DIRECT_OUTPUT
  @UseStatusRule('notFound')
  definition(@Param('userid', UseridPipe) userid: Userid): Promise<Envelope> {
    return this.guests.definition(userid);
  }

  @Delete(':userid')
  @SubmitsOperation()
  delete(
    @Param('userid', UseridPipe) userid: Userid,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.guests.delete(userid, req);
  }

  @Get(':userid/user_direct')
  @USER_DIRECT_OUTPUT
  @UseStatusRule('notFound')
  userDirect(@Param('userid', UseridPipe) userid: Userid): Promise<Envelope> {
    return this.guests.userDirect(userid);
  }

  @Get(':userid/power_state')
  @POWER_STATE_OUTPUT
  @UseStatusRule('notFound')
  powerState(@Param('userid', UseridPipe) userid: Userid): Promise<Envelope> {
    return this.guests.powerState(userid);
  }

  @Get(':userid/power_state_real')
  @POWER_STATE_OUTPUT
  @UseStatusRule('notFound')
  powerStateReal(@Param('userid', UseridPipe) userid: Userid): Promise<Envelope> {
    return this.guests.powerStateReal(userid);
  }
}
