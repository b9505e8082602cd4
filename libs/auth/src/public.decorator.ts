import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'hvo:public';

/** Marks a route that needs no X-Auth-Token (token issue, health probes). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
