import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { Errors } from '#envelope';
import { type OperationRecord, OperationsRepository } from '#persistence';

/** JSON with sorted keys, so the same request always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * Idempotency-Key bookkeeping. Keys live in the operations table (unique), so they survive a
 * Redis restart, and name their operation for IDEMPOTENCY_TTL_S.
 */
@Injectable()
export class Idempotency {
  constructor(
    private readonly cfg: AppConfig,
    private readonly ops: OperationsRepository,
  ) {}

  hash(kind: string, payload: object): string {
    return createHash('sha256')
      .update(`${kind}\n${canonical(payload)}`)
      .digest('hex');
  }

  /**
   * The live operation this key names, or null when the key is new or expired (an expired key
   * is released). A different request under a live key is a 422.
   */
  async find(key: string, hash: string): Promise<OperationRecord | null> {
    const prior = await this.ops.findByIdempotencyKey(key);
    if (!prior) return null;
    if (Date.now() - prior.createdAt.getTime() > this.cfg.IDEMPOTENCY_TTL_S * 1000) {
      await this.ops.releaseIdempotencyKey(prior.id);
      return null;
    }
    if (prior.requestHash !== hash) throw Errors.idempotencyMismatch(key);
    return prior;
  }
}
