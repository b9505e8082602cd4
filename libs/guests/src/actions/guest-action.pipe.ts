import { Injectable, type PipeTransform, type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { acceptsUnknownKeys, Errors, validationError } from '#envelope';
import { GUEST_ACTIONS, type GuestAction } from './guest-action.dto.js';
import { GUEST_ACTION_BODIES, type ValidGuestAction } from './guest-action-bodies.js';

const isAction = (a: string): a is GuestAction => (GUEST_ACTIONS as readonly string[]).includes(a);

/**
 * The body of POST /guests/{userid}/action: `action` names one of spec §4.7 (400 otherwise)
 * and the rest is validated by that action's DTO in GUEST_ACTION_BODIES.
 */
@Injectable()
export class GuestActionPipe implements PipeTransform<unknown, Promise<ValidGuestAction>> {
  async transform(body: unknown): Promise<ValidGuestAction> {
    const fields =
      body && typeof body === 'object' && !Array.isArray(body)
        ? { ...(body as Record<string, unknown>) }
        : {};
    const action = fields.action;
    if (typeof action !== 'string' || !action)
      throw Errors.badRequest('action not exist or is empty');
    if (!isAction(action)) throw Errors.badRequest(`action ${action} is invalid`);
    delete fields.action;
    const dtoClass: Type<object> | null = GUEST_ACTION_BODIES[action];
    // the variant's pairing of action and body is what this lookup guarantees
    if (!dtoClass) return { action, body: {} } as ValidGuestAction;
    const dto = plainToInstance(dtoClass, fields);
    const problems = await validate(dto, {
      whitelist: true,
      forbidNonWhitelisted: !acceptsUnknownKeys(dtoClass),
    });
    if (problems.length) throw validationError(problems);
    return { action, body: dto } as ValidGuestAction;
  }
}
