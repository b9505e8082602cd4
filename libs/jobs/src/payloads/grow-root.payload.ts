import { IsString, Matches } from 'class-validator';
import type { Userid } from '#envelope';
import { USERID } from './patterns.js';

/** guest.grow-root-volume: the guest and its OS version (validated by the api). */
export class GrowRootVolumePayload {
  @Matches(USERID) userid!: Userid;
  @IsString() osVersion!: string;
}
