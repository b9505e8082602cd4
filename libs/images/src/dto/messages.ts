import type { ValidationArguments } from 'class-validator';
import { pyRepr } from '#envelope';

/** jsonschema's wording for a pattern mismatch: `'<value>' does not match '<pattern>'`. */
export const doesNotMatch =
  (pattern: RegExp) =>
  ({ value }: ValidationArguments): string =>
    `${pyRepr(value)} does not match '${pattern.source}'`;

/** jsonschema's wording for an enum miss. */
export const notOneOf =
  (values: readonly string[]) =>
  ({ value }: ValidationArguments): string =>
    `${pyRepr(value)} is not one of ${pyRepr(values)}`;
