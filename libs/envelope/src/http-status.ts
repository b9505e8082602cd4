import type { Envelope } from './envelope.js';

/**
 * How an endpoint turns a result envelope into an HTTP status (reference sdkwsgi/util.py
 * get_http_code_from_sdk_return and the additional handlers each endpoint passes).
 */
export type StatusRule =
  'default' | 'notFound' | 'alreadyExists' | 'conflict' | 'notFoundAndConflict' | 'always200';

type Codes = Pick<Envelope, 'overallRC' | 'rc' | 'rs' | 'errmsg'>;

const same = (e: Codes, o: number, rc: number, rs: number) =>
  e.overallRC === o && e.rc === rc && e.rs === rs;

function notFound(e: Codes): number {
  if (same(e, 8, 212, 40)) return 404; // vswitch missing
  if (same(e, 4, 5, 402)) return 404; // disk pool missing
  if (same(e, 300, 300, 20)) return 404; // image missing
  if (same(e, 8, 400, 4)) return 404; // guest missing
  if (same(e, 8, 200, 4)) return 404; // guest missing
  if (same(e, 300, 300, 3) && e.errmsg.includes('not linked; not in CP directory')) return 404;
  return 0;
}

function alreadyExists(e: Codes): number {
  if (same(e, 8, 212, 36)) return 409; // vswitch exists
  if (same(e, 300, 300, 13)) return 409; // image exists
  if (same(e, 8, 400, 8)) return 409; // guest exists
  return 0;
}

function conflict(e: Codes): number {
  return same(e, 300, 300, 5) ? 409 : 0; // capture failed / pause of a stopped guest
}

const extra: Record<Exclude<StatusRule, 'always200'>, (e: Codes) => number> = {
  default: () => 0,
  notFound,
  alreadyExists,
  conflict,
  notFoundAndConflict: (e) => notFound(e) || conflict(e),
};

/** HTTP status of an envelope under an endpoint's rule. */
export function httpStatusOf(e: Codes, rule: StatusRule = 'default'): number {
  if (rule === 'always200') return 200;
  if (e.overallRC === 0) return 200;
  if ([400, 404, 409, 501, 503].includes(e.overallRC)) return e.overallRC;
  if (e.overallRC === 100) return 400;
  return extra[rule](e) || 500;
}
