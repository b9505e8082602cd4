import type { SmapiFunction, SmapiReply } from '#hypervisor';
import type { Bytes } from './wire.bytes.js';

/**
 * One request and its response, byte for byte as the reference's layout for the function says
 * (the file named in libs/hypervisor/src/smapi/LAYOUTS.md), with what each side makes of them.
 */
export interface WireFixture {
  fn: SmapiFunction;
  /** What the case shows, when a function has more than one. */
  title?: string;
  /**
   * The service's call (the hypervisor parts → transport): the image it is about and its JSON
   * params. Absent: a request only the reference makes, which the simulator must accept.
   */
  call?: { target: string; params: Record<string, unknown> };
  request: Bytes;
  /** What the simulator's handler is given for the request: its target and JSON params. */
  handler: { target: string; params: Record<string, unknown> };
  /** The simulator's clock when it writes the answer (answers that carry the time). */
  now?: number;
  /** The handler's answer, which the simulator writes as `response`. */
  reply: SmapiReply;
  response: Bytes;
  /** What the service's transport makes of `response` (successful calls, one-call functions). */
  output?: unknown;
}
