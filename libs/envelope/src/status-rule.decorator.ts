import { SetMetadata, applyDecorators } from '@nestjs/common';
import type { StatusRule } from './http-status.js';
import { addRouteConfig } from './route-config.js';

export const STATUS_RULE = 'hvo:status-rule';

/** Fastify route config key of the rule (addRouteConfig), read by the api per request. */
export const STATUS_RULE_CONFIG = 'hvoStatusRule';

/** The reference's additional status handler of this endpoint (reference-behaviour §1.5). */
export const UseStatusRule = (rule: StatusRule): MethodDecorator =>
  applyDecorators(SetMetadata(STATUS_RULE, rule), addRouteConfig({ [STATUS_RULE_CONFIG]: rule }));
