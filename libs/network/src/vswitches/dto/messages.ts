import type { ValidationArguments } from 'class-validator';
import { pyRepr } from '#envelope';

/** jsonschema's wording for an enum miss. */
export const notOneOf =
  (values: readonly unknown[]) =>
  ({ value }: ValidationArguments): string =>
    `${pyRepr(value)} is not one of ${pyRepr(values)}`;

/** jsonschema's wording for a pattern mismatch. */
export const doesNotMatch =
  (pattern: RegExp) =>
  ({ value }: ValidationArguments): string =>
    `${pyRepr(value)} does not match '${pattern.source}'`;

/** jsonschema's wording for integer bounds. */
export const intBetween =
  (min: number, max: number) =>
  ({ value }: ValidationArguments): string =>
    typeof value !== 'number' || !Number.isInteger(value)
      ? `${pyRepr(value)} is not of type 'integer'`
      : value < min
        ? `${pyRepr(value)} is less than the minimum of ${min}`
        : `${pyRepr(value)} is greater than the maximum of ${max}`;
