import { SMAPI_LAYOUTS, type SmapiReply } from '#hypervisor';
import { runCall, type SimulatorParts } from '../http/call.pipeline.js';
import { smapiCallSpec, whileRelocating } from '../http/smapi.call.js';
import { wireOutput } from './wire.output.js';
import { extendedInfo } from '../network/vswitch.detail.js';
import { wireParams, wireTarget } from './wire.params.js';
import type { WireRequest } from './wire.request.js';
import type { WireAnswer } from './wire.server.js';

/** A crash fault on the wire: the connection closes before the request id, nothing ran. */
export class WireCrash extends Error {
  override readonly name = 'WireCrash';
}

/** The userid and password the request server accepts (absent: any). */
export interface WireCredentials {
  userid: string;
  password: string;
}

/** rc 120 rs 0: "Authentication error; userid or password not valid"; nothing runs. */
const AUTHENTICATION_ERROR: WireAnswer = { rc: 120, rs: 0 };

/**
 * Virtual_Network_Vswitch_Query answers every attribute of each switch on the wire; its JSON
 * answer names them, so the wire writer gets their records.
 */
function withSwitchRecords(parts: SimulatorParts, fn: string, reply: SmapiReply): SmapiReply {
  if (fn !== 'Virtual_Network_Vswitch_Query' || reply.rc !== 0) return reply;
  const all = parts.state.vswitches();
  const names = Array.isArray(reply.output) ? (reply.output as string[]) : [];
  const output = names.flatMap((n) => (all[n] ? [extendedInfo(parts.state, all[n])] : []));
  return { ...reply, output };
}

/** The short header (System_Info_Query) carries no credentials, so it is not checked. */
function authenticated(req: WireRequest, expected: WireCredentials): boolean {
  if (SMAPI_LAYOUTS[req.fn].header === 'short') return true;
  return (
    req.userid.toUpperCase() === expected.userid.toUpperCase() && req.password === expected.password
  );
}

/**
 * The wire front door's dispatch: the request's values as the handlers' JSON params, then the
 * same pipeline as HTTP (call log, latency, injected faults) and the reply by its layout.
 */
export async function dispatchWire(
  parts: SimulatorParts,
  req: WireRequest,
  credentials?: WireCredentials,
): Promise<WireAnswer> {
  if (credentials && !authenticated(req, credentials)) return AUTHENTICATION_ERROR;
  // The short header (System_Info_Query) names no target; HTTP callers send `*`.
  const target = wireTarget(req);
  const params = wireParams(req.fn, req.values);
  let crashed = false;
  const reply = await whileRelocating(parts, req.fn, target, params, () =>
    runCall<SmapiReply>(
      parts,
      { ...smapiCallSpec(parts, req.fn, target, params), via: 'wire' },
      () => {
        crashed = true;
      },
    ),
  );
  if (crashed || !reply) throw new WireCrash(`${req.fn}: injected crash`);
  const written = withSwitchRecords(parts, req.fn, reply);
  const now = { now: parts.state.clock() };
  return { rc: reply.rc, rs: reply.rs, output: wireOutput(req.fn, written, req.values, now) };
}
