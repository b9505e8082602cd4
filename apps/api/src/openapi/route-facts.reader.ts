import { Injectable, type Type } from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '#auth';
import { STATUS_RULE, type StatusRule } from '#envelope';
import { SUBMITS_OPERATION } from '#operations';

/** What the OpenAPI document needs to know about one route, beyond what Swagger scans. */
export interface RouteFacts {
  isPublic: boolean;
  statusRule: StatusRule;
  submitsOperation: boolean;
  /** Status of a success when the route fixes it with @HttpCode. */
  httpCode?: number;
  /** Classes of `@Query()` parameters taken whole (their fields are the query parameters). */
  queryTypes: Type[];
}

/** Swagger's operationId of a route; we pass it to Swagger so both sides agree. */
export const operationIdOf = (controller: string, method: string): string =>
  `${controller}_${method}`;

type RouteArgs = Record<string, { index: number; data?: unknown }>;

/** Reads each route's metadata as the guard and the interceptor see it (handler over class). */
@Injectable()
export class RouteFactsReader {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** Facts of every route, by operationId. */
  read(): Map<string, RouteFacts> {
    const out = new Map<string, RouteFacts>();
    for (const wrapper of this.discovery.getControllers()) {
      const cls = wrapper.metatype as Type | null;
      if (!cls) continue;
      const proto = cls.prototype as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const handler = proto[name] as (...args: unknown[]) => unknown;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const targets = [handler, cls];
        out.set(operationIdOf(cls.name, name), {
          isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
          statusRule:
            this.reflector.getAllAndOverride<StatusRule>(STATUS_RULE, targets) ?? 'default',
          submitsOperation:
            this.reflector.getAllAndOverride<boolean>(SUBMITS_OPERATION, targets) ?? false,
          httpCode: Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined,
          queryTypes: queryTypes(cls, name),
        });
      }
    }
    return out;
  }
}

function queryTypes(cls: Type, method: string): Type[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, cls, method) ?? {}) as RouteArgs;
  const types = (Reflect.getMetadata('design:paramtypes', cls.prototype as object, method) ??
    []) as unknown[];
  return Object.entries(args)
    .filter(([key, arg]) => key.startsWith(`${RouteParamtypes.QUERY}:`) && arg.data === undefined)
    .map(([, arg]) => types[arg.index])
    .filter((t): t is Type => typeof t === 'function' && t !== Object);
}
