import { Errors } from './error-catalogue.js';
import { pyRepr } from './validation-message.js';

/**
 * A guest's userid as the code past its entry sees it: checked, without surrounding blanks,
 * upper case. Made only by `toUserid()`, where a userid enters: a route's `{userid}`
 * (UseridPipe), a validated body or query, a row adopted from the reference. The job payloads
 * carry it (a compile-time guarantee: the api builds them from Userids, the worker trusts the
 * catalogue's type), and the hypervisor's API, the managed-guest check and the repositories take
 * it and never upper-case it again.
 */
export type Userid = string & { readonly __brand: 'Userid' };

/** The reference's userid pattern (validation/parameter_types.py `userid`). */
export const USERID_PATTERN = /^[a-zA-Z0-9]{1,8}$/;

/** The reference's `userid_list` pattern, which it also applies to a route's `{userid}`. */
export const USERID_LIST_PATTERN = /^(\s*[a-zA-Z0-9]{1,8}\s*)(,\s*[a-zA-Z0-9]{1,8}\s*)*$/;

/**
 * The check a userid passes where it enters: `userid` (bodies, queries, adopted rows) the
 * reference's userid pattern; `path` (a route's `{userid}`) its userid-list pattern, as the
 * reference checks that segment. So a path may hold a comma list ("A, B"): it names no guest,
 * and every lookup misses it as the reference's do.
 */
export type UseridRule = 'userid' | 'path';

/** Whether `value` passes `rule` (a userid, or a path's `{userid}`). */
export function isUserid(value: string, rule: UseridRule = 'userid'): boolean {
  return (rule === 'path' ? USERID_LIST_PATTERN : USERID_PATTERN).test(value);
}

/**
 * The one constructor of a Userid: checks `value` by `rule`, trims it and upper-cases it. An
 * entry that answers its own message (a route, a DTO) checks first; this refusal is the last
 * word for a caller that did not.
 */
export function toUserid(value: string, rule: UseridRule = 'userid'): Userid {
  if (!isUserid(value, rule)) throw Errors.validation(`Invalid userid ${pyRepr(value)}`);
  return value.trim().toUpperCase() as Userid;
}
