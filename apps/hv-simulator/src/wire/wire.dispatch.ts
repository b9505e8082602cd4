import { SMAPI_LAYOUTS, type SmapiReply } from '#hypervisor';
import { runCall, type SimulatorParts } from '../http/call.pipeline.js';
import { smapiCallSpec, whileRelocating } from '../http/smapi.call.js';
import { wireOutput } from './wire.output.js';
import { wireParams } from './wire.params.js';
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
  const target = req.target.trim().toUpperCase() || '*';
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
  return { rc: reply.rc, rs: reply.rs, output: wireOutput(req.fn, reply, req.values) };
}
