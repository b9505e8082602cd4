const KEY = Symbol('acceptsUnknownKeys');

/**
 * Marks a request DTO whose route the reference validates with no schema, or with one that
 * allows additional properties: unknown keys are dropped rather than refused, because the
 * reference's own client sends them (e.g. `fill_kwargs_in_body` copies every keyword argument
 * into the body). Every other DTO refuses unknown keys with a 400 naming them.
 */
export function AcceptsUnknownKeys(): ClassDecorator {
  return (target) => Reflect.defineMetadata(KEY, true, target);
}

export function acceptsUnknownKeys(dto: object | null | undefined): boolean {
  return !!dto && Reflect.getMetadata(KEY, dto) === true;
}
