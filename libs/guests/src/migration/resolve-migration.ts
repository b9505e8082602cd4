import { toUserid, type Userid } from '#envelope';
import type { LiveMigratePayload, RelocateOptions } from '#jobs';
import type { LiveMigrateActionDto, MigrateParmsDto } from './migration-action.dto.js';

const YES = /^(yes|true|1|on)$/i;

/** A time limit in seconds; −1 (or any negative) is NOLIMIT, i.e. none. */
const limit = (s: number | undefined): number | undefined =>
  s === undefined || s < 0 ? undefined : s;

/** The request's `parms` as VMRELOCATE options (the reference's migratevm options). */
export function relocateOptions(parms: MigrateParmsDto | undefined): RelocateOptions {
  const out: RelocateOptions = {};
  const maxTotal = limit(parms?.maxtotal);
  const maxQuiesce = limit(parms?.maxquiesce);
  if (maxTotal !== undefined) out.maxTotal = maxTotal;
  if (maxQuiesce !== undefined) out.maxQuiesce = maxQuiesce;
  if (parms?.immediate !== undefined && YES.test(parms.immediate)) out.immediate = true;
  const force: NonNullable<RelocateOptions['force']> = [];
  if (YES.test(parms?.forcearch ?? '')) force.push('ARCHITECTURE');
  if (YES.test(parms?.forcedomain ?? '')) force.push('DOMAIN');
  if (YES.test(parms?.forcestorage ?? '')) force.push('STORAGE');
  if (force.length) out.force = force;
  return out;
}

/** The job payload of a live_migrate_vm request; both spellings of the fields are read. */
export function resolveMigration(userid: Userid, dto: LiveMigrateActionDto): LiveMigratePayload {
  const agent = dto.dest_agent_userid ?? dto.dest_zcc_userid ?? undefined;
  return {
    userid,
    action: (dto.lgr_action ?? dto.operation) as 'test' | 'move',
    destination: dto.destination.toUpperCase(),
    ...(agent ? { destAgentUserid: toUserid(agent) } : {}),
    options: relocateOptions(dto.parms),
  };
}

/**
 * `meta` of register_vm → the metadata column's `key=value` pairs: a JSON object's entries
 * (e.g. `{"os_version": "rhel9.2"}` → `os_version=rhel9.2`); anything else is kept as given.
 */
export function metadataOf(meta: string): string {
  try {
    const parsed: unknown = JSON.parse(meta);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed as Record<string, unknown>)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(',');
    }
  } catch {
    // not JSON: stored as given
  }
  return meta;
}
