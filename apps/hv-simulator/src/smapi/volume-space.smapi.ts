import type { SmapiReply } from '#hypervisor';
import { poolSpace } from '../state/pool.allocator.js';
import { CODES, fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import { OK, type SmapiContext, type SmapiHandler } from '../smapi-kit/smapi.context.js';

/** Parameter number of the group name (query_type and entry_type come before it). */
const GROUP = 4;

/**
 * Image_Volume_Space_Query_DM for one group (pool). For an unknown group the reference sees an
 * empty answer and raises its own SMT rc 5 rs 402; our typed protocol needs an API code, so it
 * answers RC_DASD_DM 420/8 (group not defined).
 */
export const volumeSpaceQueryDM: SmapiHandler = (ctx, _target, params) => {
  if (Array.isArray(params.pools)) return groupsQuery(ctx, params.pools);
  if (Array.isArray(params.volumes)) return volumesQuery(ctx, params.volumes);
  if (params.volume !== undefined) return volumeQuery(ctx, params.volume);
  const name = params.pool;
  if (name === undefined || name === '') throw syntax(GROUP, SYNTAX.MISSING, 'pool is required');
  if (typeof name !== 'string' || !/^[A-Z0-9@#$_-]{1,8}$/i.test(name)) {
    throw syntax(GROUP, SYNTAX.BAD_CHARS, `invalid pool name ${JSON.stringify(name)}`);
  }
  const pool = ctx.state.pool(name.toUpperCase());
  if (!pool) throw fail(CODES.GROUP_NOT_DEFINED, name.toUpperCase());
  return { ...OK, output: poolSpace(pool) };
};

/**
 * Several groups, as the reference asks for them: none or `*` is every group (sorted), else
 * each named one in order; an unknown one is 420/8.
 */
function groupsQuery(ctx: SmapiContext, names: unknown[]): SmapiReply {
  const every = names.length === 0 || names.includes('*');
  const wanted = every
    ? Object.keys(ctx.state.pools).sort()
    : names.map((n) => String(n).toUpperCase());
  const output = wanted.map((name) => {
    const pool = ctx.state.pool(name);
    if (!pool) throw fail(CODES.GROUP_NOT_DEFINED, name);
    return poolSpace(pool);
  });
  return { ...OK, output };
}

/** Several volumes (blank separated on the wire), each as its pool with only that volume. */
function volumesQuery(ctx: SmapiContext, names: unknown[]): SmapiReply {
  const every = names.length === 0 || names.includes('*');
  if (every) {
    const all = Object.keys(ctx.state.pools)
      .sort()
      .map((n) => ctx.state.pool(n)!);
    return {
      ...OK,
      output: all.flatMap((p) => p.volumes.map((v) => poolSpace({ ...p, volumes: [v] }))),
    };
  }
  return { ...OK, output: names.map((n) => volumeQuery(ctx, n).output) };
}

/**
 * Entry type volume: the one volume of that name, reported as its pool with only that volume in
 * it (so callers get the device type and size in one shape). Unknown volume: 420/8.
 */
function volumeQuery(ctx: SmapiContext, volume: unknown): SmapiReply {
  if (typeof volume !== 'string' || !/^[A-Z0-9@#$]{1,6}$/i.test(volume)) {
    throw syntax(GROUP, SYNTAX.BAD_CHARS, `invalid volume name ${JSON.stringify(volume)}`);
  }
  const volser = volume.toUpperCase();
  for (const pool of Object.values(ctx.state.pools)) {
    const vol = pool.volumes.find((v) => v.volser === volser);
    if (vol) return { ...OK, output: poolSpace({ ...pool, volumes: [vol] }) };
  }
  throw fail(CODES.GROUP_NOT_DEFINED, volser);
}
