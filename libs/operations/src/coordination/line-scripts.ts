import type { RedisClient } from '#config';

/** The guest line's scripts, as commands of the coordination client (EVALSHA, one key each). */
export interface LineScripts {
  /** Removes the operation from the line; answers the new head (null: the line is empty). */
  hvoLeaveLine(key: string, operationId: string): Promise<string | null>;
}

/**
 * Leaving was a MULTI of LREM and LINDEX: one round trip too, but four commands for Redis to
 * parse and a client-side pipeline per call, on every operation's end. One key, so legal on a
 * cluster.
 */
export const LEAVE_LINE_LUA = `redis.call('LREM', KEYS[1], 0, ARGV[1])
return redis.call('LINDEX', KEYS[1], 0)`;

/** Defines the scripts on the client (ioredis sends EVALSHA, EVAL once when Redis lacks it). */
export function withLineScripts(client: RedisClient): LineScripts {
  if (!('hvoLeaveLine' in client))
    client.defineCommand('hvoLeaveLine', { numberOfKeys: 1, lua: LEAVE_LINE_LUA });
  return client as unknown as LineScripts;
}
