import { SetMetadata } from '@nestjs/common';

export const SUBMITS_OPERATION = 'hvo:submits-operation';

/**
 * Marks a route that runs its change as an operation: it honours `Prefer` and
 * `Idempotency-Key` and may answer 202 (documented in the OpenAPI description).
 */
export const SubmitsOperation = () => SetMetadata(SUBMITS_OPERATION, true);
