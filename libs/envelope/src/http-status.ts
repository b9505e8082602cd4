import type { Envelope } from './envelope.js';

/**
 * How an endpoint turns a result envelope into an HTTP status (reference sdkwsgi/util.py
 * get_http_code_from_sdk_return and the additional handlers each endpoint passes).
 */
export type StatusRule =
  'default' | 'notFound' | 'alreadyExists' | 'conflict' | 'notFoundAndConflict' | 'always200';

type Codes = Pick<Envelope, 'overallRC' | 'rc' | 'rs' | 'errmsg'>;

/** One (overallRC, rc, rs) an endpoint's rule maps to a status other than 500. */
interface CodeStatus {
  overallRC: number;
  rc: number;
  rs: number;
  /** Only when errmsg also says this (the reference tells some cases apart by text). */
  errmsgIncludes?: string;
  status: number;
}

const NOT_FOUND: readonly CodeStatus[] = [
  { overallRC: 8, rc: 212, rs: 40, status: 404 }, // vswitch missing
  { overallRC: 4, rc: 5, rs: 402, status: 404 }, // disk pool missing
  { overallRC: 300, rc: 300, rs: 20, status: 404 }, // image missing
  { overallRC: 8, rc: 400, rs: 4, status: 404 }, // guest missing
  { overallRC: 8, rc: 200, rs: 4, status: 404 }, // guest missing
  {
    ...{ overallRC: 300, rc: 300, rs: 3, status: 404 },
    errmsgIncludes: 'not linked; not in CP directory',
  },
];
const ALREADY_EXISTS: readonly CodeStatus[] = [
  { overallRC: 8, rc: 212, rs: 36, status: 409 }, // vswitch exists
  { overallRC: 300, rc: 300, rs: 13, status: 409 }, // image exists
  { overallRC: 8, rc: 400, rs: 8, status: 409 }, // guest exists
];
// capture failed / pause of a stopped guest
const CONFLICT: readonly CodeStatus[] = [{ overallRC: 300, rc: 300, rs: 5, status: 409 }];

/**
 * Each rule's codes, searched in order; null: the rule answers 200 whatever the envelope says.
 * The one table both the answers and the OpenAPI document read.
 */
const RULES: Record<StatusRule, readonly CodeStatus[] | null> = {
  always200: null,
  default: [],
  notFound: NOT_FOUND,
  alreadyExists: ALREADY_EXISTS,
  conflict: CONFLICT,
  notFoundAndConflict: [...NOT_FOUND, ...CONFLICT],
};

const matches = (e: Codes, c: CodeStatus) =>
  e.overallRC === c.overallRC &&
  e.rc === c.rc &&
  e.rs === c.rs &&
  (c.errmsgIncludes === undefined || e.errmsg.includes(c.errmsgIncludes));

/** HTTP status of an envelope under an endpoint's rule. */
export function httpStatusOf(e: Codes, rule: StatusRule = 'default'): number {
  const codes = RULES[rule];
  if (codes === null) return 200;
  if (e.overallRC === 0) return 200;
  if ([400, 404, 409, 501, 503].includes(e.overallRC)) return e.overallRC;
  if (e.overallRC === 100) return 400;
  return codes.find((c) => matches(e, c))?.status ?? 500;
}

/**
 * The error statuses a rule can give a hypervisor failure: those its codes map to, and 500 for
 * anything they do not (ascending).
 */
export function ruleErrorStatuses(rule: StatusRule): number[] {
  const codes = RULES[rule];
  if (codes === null) return [];
  return [...new Set([...codes.map((c) => c.status), 500])].sort((a, b) => a - b);
}
