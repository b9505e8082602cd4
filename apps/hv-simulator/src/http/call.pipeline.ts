import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallLog, CallOp, CallVia, InputState } from '../calls/call.log.js';
import type { CrashMode, Fault, FaultRegistry } from '../faults/fault.registry.js';
import { sleep, type LatencyProfile } from '../latency/latency.profile.js';
import type { HypervisorState } from '../state/hypervisor.state.js';

/** What the HTTP layer needs from the simulator. */
export interface SimulatorParts {
  state: HypervisorState;
  latency: LatencyProfile;
  faults: FaultRegistry;
  calls: CallLog;
}

export interface CallSpec<T extends { rc: number }> {
  op: CallOp;
  target: string;
  /** The front door (default `http`) and, via a tool, which one. */
  via?: CallVia;
  tool?: string;
  command?: string;
  /** What a fault's `match` is looked for in (defaults to the command). */
  detail?: string;
  /** The answer an rc/rs fault gives instead of the function's. */
  faultReply: (f: Fault & { rc: number }) => T;
  /** The function itself; runs only when no fault answered. */
  run: () => T | Promise<T>;
  rsOf: (r: T) => number | null;
  /** For an answer that streams a file: resolves once it is sent, when the call ends. */
  delivered?: (answer: T) => Promise<unknown>;
  /** For a call that carries an input file: reports how much of it has arrived, as it changes. */
  input?: (report: (state: InputState) => void) => void;
}

/** Simulates a transport failure: a dropped connection or an HTTP 500. */
function crash(req: FastifyRequest, reply: FastifyReply, mode: CrashMode): void {
  if (mode === 'http500') {
    void reply.code(500).send({ error: 'simulated hypervisor transport failure' });
    return;
  }
  reply.hijack();
  req.raw.socket.destroy();
}

/**
 * One hypervisor call: logged from arrival to answer, delayed per the latency profile, then
 * either answered by a matching fault (no state change) or by the function itself, once what
 * it changed is on disk.
 */
export function handleCall<T extends { rc: number }>(
  parts: SimulatorParts,
  req: FastifyRequest,
  reply: FastifyReply,
  spec: CallSpec<T>,
): Promise<T | undefined> {
  // the management-guest executables (bin/) say who they are, so the log tells them apart
  const tool = req.headers['x-hv-tool'];
  const from = typeof tool === 'string' ? { via: 'tool' as const, tool } : { via: 'http' as const };
  return runCall(parts, { ...from, ...spec }, (mode) => crash(req, reply, mode));
}

/**
 * The same for any front door (HTTP or the wire protocol): `onCrash` simulates the transport
 * failure a crash fault asks for; the answer is then undefined.
 */
export async function runCall<T extends { rc: number }>(
  parts: SimulatorParts,
  spec: CallSpec<T>,
  onCrash: (mode: CrashMode) => void,
): Promise<T | undefined> {
  const rec = parts.calls.begin(spec.op, spec.target, spec.command, {
    via: spec.via ?? 'http',
    ...(spec.tool === undefined ? {} : { tool: spec.tool }),
  });
  spec.input?.((state) => parts.calls.input(rec, state));
  try {
    await sleep(parts.latency.delayMs(spec.op));
    const fault = parts.faults.take(spec.op, spec.target, spec.detail ?? spec.command);
    if (fault) {
      if (fault.hold) await parts.faults.holdCall(fault.id);
      await sleep(fault.hang_ms);
      if (fault.crash) {
        parts.calls.end(rec, { fault: fault.id, crash: fault.crash });
        onCrash(fault.crash);
        return undefined;
      }
      if (fault.rc !== undefined) {
        const answer = spec.faultReply({ ...fault, rc: fault.rc });
        parts.calls.end(rec, { rc: answer.rc, rs: spec.rsOf(answer), fault: fault.id });
        return answer;
      }
      // A pure hang: the call goes on normally, only later.
    }
    let answer: T;
    try {
      answer = await spec.run();
    } finally {
      // answered only once its change is on disk, so a crash right after loses nothing (the
      // writes are shared by the calls that arrive together: see StateStore)
      await parts.state.durable();
    }
    const outcome = { rc: answer.rc, rs: spec.rsOf(answer) };
    if (spec.delivered) {
      const end = (): void => parts.calls.end(rec, outcome);
      spec.delivered(answer).then(end, end);
    } else {
      parts.calls.end(rec, outcome);
    }
    return answer;
  } catch (e) {
    parts.calls.end(rec, {});
    throw e;
  }
}
