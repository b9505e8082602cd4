import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { parsePrefer, type Preferences } from '#operations';

/** The request's `Prefer` header, parsed (respond-async, wait=N). */
export const Prefer = createParamDecorator((_: unknown, ctx: ExecutionContext): Preferences =>
  parsePrefer(ctx.switchToHttp().getRequest<{ headers: Record<string, string> }>().headers.prefer),
);
