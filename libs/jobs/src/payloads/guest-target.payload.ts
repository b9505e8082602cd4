import { Matches } from 'class-validator';
import type { Userid } from '#envelope';
import { USERID } from './patterns.js';

/** Payload of operations that act on one guest and need nothing else. */
export class GuestTargetPayload {
  @Matches(USERID) userid!: Userid;
}
