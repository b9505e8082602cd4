import { SetMetadata, type Type } from '@nestjs/common';

export const BODY_VARIANTS = 'hvo:body-variants';

/** A body whose `field` picks the DTO that validates the rest; null: no other fields checked. */
export interface BodyVariants {
  /** Name of the body's schema in the OpenAPI document. */
  name: string;
  field: string;
  variants: Readonly<Record<string, Type | null>>;
}

/**
 * Marks a route that validates its body itself, by the value of one field (e.g. `action`), so
 * the OpenAPI document can describe each variant; the route behaves the same without it.
 */
export const UseBodyVariants = (
  name: string,
  field: string,
  variants: Readonly<Record<string, Type | null>>,
) => SetMetadata(BODY_VARIANTS, { name, field, variants } satisfies BodyVariants);
