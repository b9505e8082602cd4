import type { ModuleRef } from '@nestjs/core';
import type { JobName } from '#jobs';
import type { HandlerRegistry, OperationHandler } from './operation-handler.js';

export const HANDLER_REGISTRY = Symbol('HANDLER_REGISTRY');

/** The handler of a job kind, from the worker's registry. */
export function handlerFor(moduleRef: ModuleRef, name: JobName): OperationHandler<JobName> {
  const registry = moduleRef.get<HandlerRegistry>(HANDLER_REGISTRY, { strict: false });
  return moduleRef.get<OperationHandler<JobName>>(registry[name], { strict: false });
}
