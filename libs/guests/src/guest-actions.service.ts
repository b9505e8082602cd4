import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type Envelope, Errors, validationError } from '#envelope';
import type { Accepted, OperationRequest } from '#operations';
import {
  GUEST_ACTIONS,
  type GuestAction,
  StartActionDto,
  StopActionDto,
} from './dto/guest-action.dto.js';
import { GuestsService } from './guests.service.js';

type Dispatch = (userid: string, req: OperationRequest) => Promise<Envelope | Accepted>;

/** Validates an action body and dispatches it; actions not built yet say so with a 501. */
@Injectable()
export class GuestActionsService {
  private readonly handlers: Partial<Record<GuestAction, { dto: new () => object; run: Dispatch }>>;

  constructor(guests: GuestsService) {
    this.handlers = {
      start: { dto: StartActionDto, run: (u, p) => guests.start(u, p) },
      stop: { dto: StopActionDto, run: (u, p) => guests.stop(u, p) },
    };
  }

  async run(userid: string, body: unknown, req: OperationRequest): Promise<Envelope | Accepted> {
    const fields =
      body && typeof body === 'object' && !Array.isArray(body)
        ? { ...(body as Record<string, unknown>) }
        : {};
    const action = fields.action;
    if (typeof action !== 'string' || !action)
      throw Errors.badRequest('action not exist or is empty');
    if (!(GUEST_ACTIONS as readonly string[]).includes(action)) {
      throw Errors.badRequest(`action ${action} is invalid`);
    }
    const handler = this.handlers[action as GuestAction];
    if (!handler) throw Errors.notImplemented('guest', `guest action ${action}`);
    delete fields.action;
    const dto = plainToInstance(handler.dto, fields);
    const problems = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (problems.length) throw validationError(problems);
    return handler.run(userid, req);
  }
}
