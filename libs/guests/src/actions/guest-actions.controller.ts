import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { type Envelope, UseBodyVariants, type Userid, UseridPipe, UseStatusRule } from '#envelope';
import { type Accepted, OpRequest, type OperationRequest, SubmitsOperation } from '#operations';
import { GUEST_ACTION_BODIES, type ValidGuestAction } from './guest-action-bodies.js';
import { GuestActionPipe } from './guest-action.pipe.js';
import { GuestActionsService } from './guest-actions.service.js';

/** POST /guests/{userid}/action: every action of spec §4.7 on one route. */
@Controller('guests/:userid/action')
export class GuestActionsController {
  constructor(private readonly actions: GuestActionsService) {}

  @Post()
  @HttpCode(200) // the spec answers 200 to every success
  @UseStatusRule('notFoundAndConflict')
  @SubmitsOperation()
  @UseBodyVariants('GuestAction', 'action', GUEST_ACTION_BODIES)
  act(
    @Param('userid', UseridPipe) userid: Userid,
    @Body(GuestActionPipe) action: ValidGuestAction,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.actions.run(userid, action, req);
  }
}
