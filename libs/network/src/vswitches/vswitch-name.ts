import { type PipeTransform } from '@nestjs/common';
import { Errors, pyRepr } from '#envelope';

/**
 * A vswitch name as CP takes it: 1–8 letters, digits or `@#$_`. The reference only checks the
 * length and lets the hypervisor refuse the rest (a 500); we answer 400 naming the field.
 */
export const VSWITCH_NAME = /^[A-Za-z0-9@#$_]{1,8}$/;

/** Checks a `{name}` path segment of the vswitch routes. */
export class VswitchNamePipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!VSWITCH_NAME.test(value)) {
      throw Errors.validation(
        `Invalid input for field/attribute name. Value: ${pyRepr(value)}. ` +
          `${pyRepr(value)} does not match '${VSWITCH_NAME.source}'`,
      );
    }
    return value;
  }
}
