import { Errors } from './error-catalogue.js';
import { pyRepr } from './validation-message.js';

/**
 * A guest's userid as CP knows it: valid and upper-case. Made only by `userid()` where a
 * userid enters (route pipe, job payload, row read back), so the code past those points, the
 * hypervisor's API above all, takes a `Userid` and never upper-cases it again.
 */
export type Userid = string & { readonly __brand: 'Userid' };

/** The reference's userid pattern (validation/parameter_types.py `userid`). */
export const USERID_PATTERN = /^[a-zA-Z0-9]{1,8}$/;

/** Whether `value` is a userid, surrounding blanks aside (as the reference's list pattern). */
export function isUserid(value: unknown): value is string {
  return typeof value === 'string' && USERID_PATTERN.test(value.trim());
}

/** The one constructor of a Userid: checks the pattern, trims and upper-cases. */
export function userid(value: string): Userid {
  if (!isUserid(value)) throw Errors.validation(`Invalid userid ${pyRepr(value)}`);
  return value.trim().toUpperCase() as Userid;
}
