import type { SmapiFunction, SmapiReply } from '#hypervisor';
import { runSmapi } from '../smapi/smapi.registry.js';
import type { CallSpec, SimulatorParts } from './call.pipeline.js';

/** One function call as both front doors (HTTP/JSON and the wire protocol) run it. */
export function smapiCallSpec(
  parts: SimulatorParts,
  fn: SmapiFunction,
  target: string,
  params: Record<string, unknown>,
): CallSpec<SmapiReply> {
  return {
    op: fn,
    target,
    detail: JSON.stringify(params),
    faultReply: (f) => ({ rc: f.rc, rs: f.rs ?? 0, errmsg: f.errmsg ?? `injected fault ${f.id}` }),
    run: () => runSmapi(parts, fn, target, params),
    rsOf: (r) => r.rs,
  };
}

/** Runs `call`; a VMRELOCATE MOVE is seen by QUERY VMRELOCATE for as long as it is in flight. */
export async function whileRelocating<T>(
  parts: SimulatorParts,
  fn: SmapiFunction,
  target: string,
  params: Record<string, unknown>,
  call: () => Promise<T>,
): Promise<T> {
  const move = fn === 'VMRELOCATE' && String(params.action).toUpperCase() === 'MOVE';
  if (move) parts.state.relocating.set(target, String(params.destination).toUpperCase());
  try {
    return await call();
  } finally {
    if (move) parts.state.relocating.delete(target);
  }
}
