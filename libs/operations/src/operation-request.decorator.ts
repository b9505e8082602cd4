import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { Errors, pyRepr } from '#envelope';
import { parsePrefer, type Preferences } from './prefer.js';

/** What a client says about how an operation should be submitted and waited for. */
export interface OperationRequest {
  prefer: Preferences;
  /** `Idempotency-Key`: the same key and request name the same operation. */
  idempotencyKey?: string;
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/** Reads `Prefer` and `Idempotency-Key`; a malformed key is a 400 naming the header. */
export const OpRequest = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): OperationRequest => {
    const headers = ctx
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | undefined> }>().headers;
    const key = headers['idempotency-key'];
    if (key !== undefined && !KEY.test(key)) {
      throw Errors.validation(
        `Invalid input for header Idempotency-Key. Value: ${pyRepr(key)}. It must be 1 to 255 printable ASCII characters`,
      );
    }
    return { prefer: parsePrefer(headers.prefer), ...(key ? { idempotencyKey: key } : {}) };
  },
);
