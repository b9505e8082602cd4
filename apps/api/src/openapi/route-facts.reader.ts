import { Injectable, type Type } from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import { DECORATORS, type ResponseObject } from '@nestjs/swagger';
import { IS_PUBLIC } from '#auth';
import {
  BODY_VARIANTS,
  type BodyVariants,
  GET_BODY,
  STATUS_RULE,
  type StatusRule,
} from '#envelope';
import { JSON_ANY_TYPE, STREAM_BODY } from '#files';
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
  /** Query parameters the handler reads one by one with `@Query('name')`. */
  queryNames: string[];
  /** Request headers the handler reads with `@Headers('name')`, lower case. */
  headers: string[];
  /** A body validated per value of one of its fields (UseBodyVariants). */
  bodyVariants?: BodyVariants;
  /** Also takes its parameters as a JSON body on GET (AcceptsGetBody); its wrapper key. */
  getBody?: { wrapper?: string };
  /** Its `application/octet-stream` body is read as a stream (StreamBody). */
  streamBody: boolean;
  /** Its body is JSON whatever its Content-Type (JsonBodyAnyType): never a 415. */
  jsonAnyType: boolean;
  /** Responses the route declares with @ApiResponse & co., by status. */
  declared: Record<string, DeclaredResponse>;
}

/** What @ApiResponse stores: a ResponseObject, or `schema` for its JSON body. */
export type DeclaredResponse = Partial<ResponseObject> & { schema?: object };

/**
 * The resource a controller's operations are named under, where its class name does not say
 * it (`GuestDisksController` would read `guest.disks`): the first segment is the resource a
 * client looks for (`guests`), the next what of it.
 */
const RESOURCES: Record<string, string> = {
  VersionController: 'service',
  HostDrainController: 'host',
  OperationEventsController: 'operations',
  GuestOperationsController: 'guests.operations',
  GuestStatsController: 'guests.stats',
  GuestActionsController: 'guests',
  GuestInfoController: 'guests.info',
  GuestDisksController: 'guests.disks',
  VolumeAttachController: 'guests.volumes',
  VolumeBootmapController: 'volumes.bootmap',
  VswitchPortController: 'vswitches.ports',
};

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The operationId of a route, `resource.method` in snake case (`guests.create`,
 * `operations.cancel`, `volumes.create_template`): what a client generator names its methods
 * after, so it stays as it is once published. Swagger is given it, and the route facts are
 * keyed by it, so both sides agree.
 */
export const operationIdOf = (controller: string, method: string): string => {
  const resource =
    RESOURCES[controller] ??
    controller
      .replace(/Controller$/, '')
      .split(/(?=[A-Z])/)
      .map((w) => w.toLowerCase())
      .join('.');
  return `${resource}.${snake(method)}`;
};

const routeConfig = (handler: object): Record<string, unknown> | undefined =>
  Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as
    Record<string, unknown> | undefined;

type RouteArgs = Record<string, { index: number; data?: unknown }>;

/** Reads each route's metadata as the token check and the interceptor see it (handler over class). */
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
        const id = operationIdOf(cls.name, name);
        // a client generator names a method after it: two alike would be one
        if (out.has(id)) throw new Error(`OpenAPI: operationId ${id} is taken twice`);
        out.set(id, {
          isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
          statusRule:
            this.reflector.getAllAndOverride<StatusRule>(STATUS_RULE, targets) ?? 'default',
          submitsOperation:
            this.reflector.getAllAndOverride<boolean>(SUBMITS_OPERATION, targets) ?? false,
          httpCode: Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined,
          queryTypes: queryTypes(cls, name),
          queryNames: namedArgs(cls, name, RouteParamtypes.QUERY),
          headers: namedArgs(cls, name, RouteParamtypes.HEADERS).map((h) => h.toLowerCase()),
          bodyVariants: this.reflector.get<BodyVariants | undefined>(BODY_VARIANTS, handler),
          getBody: this.reflector.get<{ wrapper?: string } | undefined>(GET_BODY, handler),
          streamBody: Boolean(routeConfig(handler)?.[STREAM_BODY]),
          jsonAnyType: Boolean(routeConfig(handler)?.[JSON_ANY_TYPE]),
          declared: {
            ...(Reflect.getMetadata(DECORATORS.API_RESPONSE, cls) as object | undefined),
            ...(Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) as object | undefined),
          },
        });
      }
    }
    return out;
  }
}

const routeArgs = (cls: Type, method: string): RouteArgs =>
  (Reflect.getMetadata(ROUTE_ARGS_METADATA, cls, method) ?? {}) as RouteArgs;

/**
 * Names of the values a handler takes one by one, e.g. `@Headers('x')`: Swagger leaves them out
 * on handlers that take the reply (@Res), and when their type is `unknown`.
 */
function namedArgs(cls: Type, method: string, type: RouteParamtypes): string[] {
  return Object.entries(routeArgs(cls, method))
    .filter(([key, arg]) => key.startsWith(`${type}:`) && typeof arg.data === 'string')
    .sort(([, a], [, b]) => a.index - b.index)
    .map(([, arg]) => arg.data as string);
}

function queryTypes(cls: Type, method: string): Type[] {
  const args = routeArgs(cls, method);
  const types = (Reflect.getMetadata('design:paramtypes', cls.prototype as object, method) ??
    []) as unknown[];
  return Object.entries(args)
    .filter(([key, arg]) => key.startsWith(`${RouteParamtypes.QUERY}:`) && arg.data === undefined)
    .map(([, arg]) => types[arg.index])
    .filter((t): t is Type => typeof t === 'function' && t !== Object);
}
