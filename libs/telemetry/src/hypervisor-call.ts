import { SpanKind } from '@opentelemetry/api';
import { inSpan } from './spans.js';

/** What kind of exchange with the hypervisor: an API function, a CP command, a tool. */
export type HvCallKind = 'smapi' | 'cp' | 'mgmt';

export interface HvCall {
  kind: HvCallKind;
  /** The function (smapi), the command (cp) or the management operation (mgmt). */
  name: string;
  /** The userid the call is for, when it names one. */
  target?: string;
}

/** What the hypervisor answered: return code and, for API functions, reason code. */
export interface HvCodes {
  rc?: number;
  rs?: number;
}

const SPAN_NAMES: Record<HvCallKind, (name: string) => string> = {
  smapi: (fn) => `SMAPI ${fn}`,
  // the verb only: the command's operands (userids, devices) would make every name unique
  cp: (cmd) => `CP ${cmd.split(/\s+/, 1)[0]}`,
  mgmt: (op) => `mgmt ${op}`,
};

/**
 * One call to the hypervisor as a client span: function or command, target, rc/rs of the
 * answer (or of the error it raised), and the operation it is made for (from the context).
 */
export function hypervisorCall<T>(
  call: HvCall,
  fn: () => Promise<T>,
  codes: (reply: T) => HvCodes,
): Promise<T> {
  const attrs = {
    'hv.call': call.kind,
    [call.kind === 'smapi' ? 'hv.function' : 'hv.command']: call.name,
    ...(call.target ? { 'hv.target': call.target } : {}),
  };
  return inSpan(
    SPAN_NAMES[call.kind](call.name),
    attrs,
    async (span) => {
      const reply = await fn();
      const { rc, rs } = codes(reply);
      if (rc !== undefined) span?.setAttribute('hv.rc', rc);
      if (rs !== undefined) span?.setAttribute('hv.rs', rs);
      return reply;
    },
    { kind: SpanKind.CLIENT, codes: 'hv' },
  );
}
