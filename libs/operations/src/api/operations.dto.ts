import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsRFC3339,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { JOB_NAMES, USERID } from '#jobs';
import { OPERATION_STATUSES, type OperationStatus } from '#persistence';

/** A query integer as a number, a negative one too, so its bound (not its type) is reported. */
const toInt = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
  );

export class WaitQuery {
  /** Seconds to long-poll for the end of the operation. */
  @IsOptional() @toInt() @IsInt() @Min(0) @Max(3600) wait?: number;
}

export class ListOperationsQuery {
  @IsOptional()
  @Matches(USERID)
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.toUpperCase() : value,
  )
  userid?: string;
  @IsOptional() @IsIn(OPERATION_STATUSES) status?: OperationStatus;
  @IsOptional() @IsIn(JOB_NAMES) kind?: string;
  /** Who asked: `token:<fingerprint>`, `admin` or `none` (an operation's `requested_by`). */
  @IsOptional() @IsString() @MaxLength(64) requested_by?: string;
  /** The X-Request-Id of the submitting request (an operation's `request_id`). */
  @IsOptional() @IsString() @MaxLength(255) request_id?: string;
  /** Submitted at or after this time (RFC 3339, e.g. `2026-12-01T09:00:00Z`). */
  @IsOptional() @IsRFC3339() since?: string;
  /** Submitted before this time (RFC 3339). */
  @IsOptional() @IsRFC3339() until?: string;
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(500) limit?: number;
  @IsOptional() @IsString() cursor?: string;
}

/** POST /operations/{id}/resolve. */
export class ResolveBody {
  /** `resolved`: end it on the operator's word; without: retry its undo now. */
  @IsOptional() @IsIn(['resolved']) mark?: 'resolved';
  /** Why; required with `mark`. */
  @ValidateIf((b: ResolveBody) => b.mark !== undefined || b.note !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  note?: string;
}
