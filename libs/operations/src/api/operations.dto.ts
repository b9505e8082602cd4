import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { JOB_NAMES, USERID } from '#jobs';
import { OPERATION_STATUSES, type OperationStatus } from '#persistence';

const toInt = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
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
  @IsOptional() @toInt() @IsInt() @Min(1) @Max(500) limit?: number;
  @IsOptional() @IsString() cursor?: string;
}
