import { SetMetadata } from '@nestjs/common';

export const GET_BODY = 'hvo:get-body';

/**
 * Marks a GET route that also takes its parameters as a JSON body, as existing clients of the
 * reference send them (reference §6); `wrapper`: the body's sole key holding them, if any. Only
 * documents it (the OpenAPI description): the route reads the body itself.
 */
export const AcceptsGetBody = (wrapper?: string) => SetMetadata(GET_BODY, { wrapper });
