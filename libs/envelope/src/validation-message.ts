import type { ValidationError } from 'class-validator';
import { Errors } from './error-catalogue.js';
import type { HvError } from './hv-error.js';

/** Python repr of a JSON value, as the reference prints rejected values. */
export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (typeof v === 'object') {
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`)
      .join(', ')}}`;
  }
  return typeof v === 'bigint' ? v.toString() : typeof v;
}

const WHITELIST = 'whitelistValidation';
/** class-validator's type checks, named before any bound the same value also misses. */
const TYPE_CHECKS = ['isInt', 'isNumber', 'isString', 'isBoolean'];

/** `scheme://user:pass@` → `scheme://***@`: an echoed value never carries URL credentials. */
export function redactUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@']*@/gi, '$1***@');
}

/** The first leaf error, with its path, depth-first (the reference reports one error). */
function firstLeaf(
  errors: ValidationError[],
  path: string[] = [],
): { e: ValidationError; path: string[] } | null {
  for (const e of errors) {
    const here = [...path, e.property];
    if (e.constraints && Object.keys(e.constraints).length) return { e, path: here };
    const inner = firstLeaf(e.children ?? [], here);
    if (inner) return inner;
  }
  return null;
}

/**
 * A class-validator failure as the reference words a JSON-schema failure:
 * `Invalid input for field/attribute <field>. Value: <repr>. <reason>`, or for
 * unexpected keys `Additional properties are not allowed ('<key>' was unexpected)`.
 */
export function validationError(
  errors: ValidationError[],
  where: 'body' | 'query' = 'body',
): HvError {
  // a missing required key is reported before anything else, as jsonschema does
  const missing = errors.find((x) => x.value === undefined && x.constraints?.isDefined);
  const leaf = firstLeaf(missing ? [missing] : errors);
  if (!leaf) return Errors.validation('Invalid request');
  const { e } = leaf;
  const constraints = e.constraints!;
  if (constraints[WHITELIST]) {
    return Errors.validation(
      `Additional properties are not allowed ('${e.property}' was unexpected)`,
    );
  }
  if (e.value === undefined && constraints.isDefined) {
    return Errors.validation(`'${e.property}' is a required property`);
  }
  // a value of the wrong type fails its bounds too: its type is what to name
  const typeCheck = TYPE_CHECKS.find((k) => constraints[k] !== undefined);
  const reason = typeCheck ? constraints[typeCheck] : Object.values(constraints)[0];
  const kind = where === 'body' ? 'field/attribute' : 'query parameters';
  return Errors.validation(
    redactUrlCredentials(
      `Invalid input for ${kind} ${e.property}. Value: ${pyRepr(e.value)}. ${reason}`,
    ),
  );
}
