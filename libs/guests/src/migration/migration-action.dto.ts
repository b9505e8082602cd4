import { AcceptsUnknownKeys } from '#envelope';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { USERID } from '#jobs';

const MAX_RELOCATE_S = 99_999_999;

/** `parms` of live_migrate_vm (reference schema: these keys only). */
export class MigrateParmsDto {
  /** Seconds; −1 = NOLIMIT. CP takes 1 to 99999999 seconds. */
  @IsOptional() @IsInt() @Min(-1) @Max(MAX_RELOCATE_S) maxtotal?: number;
  @IsOptional() @IsInt() @Min(-1) @Max(MAX_RELOCATE_S) maxquiesce?: number;
  @IsOptional() @IsString() immediate?: string;
  @IsOptional() @IsString() forcearch?: string;
  @IsOptional() @IsString() forcedomain?: string;
  @IsOptional() @IsString() forcestorage?: string;
}

/**
 * `live_migrate_vm`. The spec names the fields `lgr_action` and `dest_agent_userid`; the
 * reference's clients send `operation` and `dest_zcc_userid`: both are accepted (one of the
 * action names is required).
 */
export class LiveMigrateActionDto {
  @IsDefined() @IsString() @Matches(USERID) destination!: string;
  @ValidateIf((o: LiveMigrateActionDto) => o.operation === undefined || o.lgr_action !== undefined)
  @IsDefined({ message: 'lgr_action (or operation) is required' })
  @IsIn(['test', 'move'])
  lgr_action?: 'test' | 'move';
  @IsOptional() @IsIn(['test', 'move']) operation?: 'test' | 'move';
  @IsOptional() @ValidateIf((_, v) => v !== null) @Matches(USERID) dest_agent_userid?:
    string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @Matches(USERID) dest_zcc_userid?: string | null;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => MigrateParmsDto) parms?: MigrateParmsDto;
}

/**
 * `register_vm`: `meta` (a JSON-encoded string), `net_set` (`1`/`0`), and the NIC port mapping
 * `{<last 6 hex of MAC>: <port id>}` under the reference's `port_macs` or the spec's `port`.
 */
// the reference's schema allows additional properties
@AcceptsUnknownKeys()
export class RegisterVmActionDto {
  @IsDefined() @IsString() meta!: string;
  @IsOptional() @IsIn(['0', '1']) net_set?: '0' | '1';
  @IsOptional() @IsObject() port_macs?: Record<string, string>;
  @IsOptional() @IsObject() port?: Record<string, string>;
}
