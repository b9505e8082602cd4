import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import type { Userid } from '#envelope';
import { USERID } from './patterns.js';

export const RELOCATE_FORCE = ['ARCHITECTURE', 'DOMAIN', 'STORAGE'] as const;

/** VMRELOCATE options, resolved from the request's `parms` (absent limit = NOLIMIT). */
export class RelocateOptions {
  @IsOptional() @IsInt() @Min(0) @Max(99_999_999) maxTotal?: number;
  @IsOptional() @IsInt() @Min(0) @Max(99_999_999) maxQuiesce?: number;
  @IsOptional() @IsBoolean() immediate?: boolean;
  @IsOptional()
  @IsArray()
  @IsIn(RELOCATE_FORCE, { each: true })
  force?: (typeof RELOCATE_FORCE)[number][];
}

/** guest.live-migrate: `test` (eligibility) or `move` of one guest to another SSI member. */
export class LiveMigratePayload {
  @Matches(USERID) userid!: Userid;
  @IsIn(['test', 'move']) action!: 'test' | 'move';
  /** System id of the destination member, upper case. */
  @Matches(/^[A-Z0-9]{1,8}$/) destination!: string;
  /** The destination's agent userid, authorised in the guest after a move. */
  @IsOptional() @Matches(USERID) destAgentUserid?: Userid;
  @ValidateNested() @Type(() => RelocateOptions) options!: RelocateOptions;
}
