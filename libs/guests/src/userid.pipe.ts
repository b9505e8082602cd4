import { type PipeTransform } from '@nestjs/common';
import { Errors, pyRepr } from '#envelope';

const USERID_LIST = /^(\s*[a-zA-Z0-9]{1,8}\s*)(,\s*[a-zA-Z0-9]{1,8}\s*)*$/;

/** Checks a `{userid}` path segment as the reference's GET routes do (userid-list pattern). */
export class UseridPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!USERID_LIST.test(value)) {
      throw Errors.validation(
        `Invalid input for query parameters userid. Value: ${pyRepr(value)}. ` +
          `${pyRepr(value)} does not match '${USERID_LIST.source}'`,
      );
    }
    return value.trim().toUpperCase();
  }
}
