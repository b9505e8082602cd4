import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { Userid } from '#envelope';
import { USERID } from './patterns.js';

/**
 * What the drift report compares (libs/drift, docs/drift.md): guests in the directory under the
 * managed prefix that no row knows and rows whose guest is gone, FCPs dedicated on the
 * hypervisor but free in the database and the reverse, NICs and vswitch grants that differ.
 */
export const DRIFT_KINDS = [
  'guest_unknown',
  'guest_missing',
  'fcp_dedicated_unrecorded',
  'fcp_recorded_undedicated',
  'nic_differs',
  'vswitch_grant_differs',
] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

/** An operator's decision on what the drift report shows: `POST /drift/{kind}/{id}/adopt|forget`. */
export const DRIFT_DECISIONS = ['adopt', 'forget'] as const;
export type DriftDecision = (typeof DRIFT_DECISIONS)[number];

/** drift.adopt and drift.forget: one item of the report, by kind and id. */
export class DriftDecisionPayload {
  @IsIn(DRIFT_KINDS) kind!: DriftKind;
  /** The item's id as the report gives it (a userid, an FCP, `USERID.VDEV`, `VSWITCH.USERID`). */
  @IsString() @MaxLength(32) id!: string;
  /** The guest the item is about, when it has a valid userid: the operation's target. */
  @IsOptional() @Matches(USERID) userid?: Userid;
}

/** drift.check: no input; what it compares comes from the worker's configuration. */
export class DriftCheckPayload {}
