import type { PipeTransform } from '@nestjs/common';
import { Errors } from './error-catalogue.js';
import { type Userid, USERID_LIST_PATTERN, isUserid, toUserid } from './userid.js';
import { pyRepr } from './validation-message.js';

/**
 * A route's `{userid}` as a Userid: checked as the reference checks that segment (its
 * userid-list pattern, with its message), then trimmed and upper-cased. On every route
 * parameter that is a userid (a lint rule says so), and run for every route with a `{userid}`
 * before its handler (the api's envelope hooks).
 */
export class UseridPipe implements PipeTransform<string, Userid> {
  transform(value: string): Userid {
    if (!isUserid(value, 'path')) {
      throw Errors.validation(
        `Invalid input for query parameters userid. Value: ${pyRepr(value)}. ` +
          `${pyRepr(value)} does not match '${USERID_LIST_PATTERN.source}'`,
      );
    }
    return toUserid(value, 'path');
  }
}
