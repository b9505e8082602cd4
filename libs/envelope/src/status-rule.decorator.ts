import { SetMetadata } from '@nestjs/common';
import type { StatusRule } from './http-status.js';

export const STATUS_RULE = 'hvo:status-rule';

/** The reference's additional status handler of this endpoint (reference-behaviour §1.5). */
export const UseStatusRule = (rule: StatusRule) => SetMetadata(STATUS_RULE, rule);
