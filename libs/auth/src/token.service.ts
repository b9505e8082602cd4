import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { AppConfig } from '#config';
import { AdminTokenStore } from './admin-token.store.js';
import { secretsEqual } from './constant-time.js';

/**
 * Who a token stands for in logs and on operations (`requested_by`): issued tokens carry no
 * subject (the reference's format: only `exp`), so it is a fingerprint of the token, never the
 * token itself. The line logged when a token is issued names the same fingerprint.
 */
export const tokenSubject = (token: string): string =>
  `token:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;

/** Verified tokens remembered at most (oldest forgotten first). */
const MAX_REMEMBERED = 10_000;

/**
 * Temporary auth tokens as the reference issues them: HS256 JWTs whose only claim is `exp`,
 * signed with the admin token, so rotating the admin token invalidates every issued token.
 * A token once verified is remembered until its `exp` for the admin token it was checked
 * against: clients send the same token on every request, and an HMAC per request was a
 * measurable share of the api's CPU (docs/decisions/0001).
 */
@Injectable()
export class TokenService {
  /** token → its expiry (ms), valid for `rememberedFor` only. */
  private readonly remembered = new Map<string, number>();
  /** token → its subject, for the tokens remembered (computed once per token). */
  private readonly subjects = new Map<string, string>();
  private rememberedFor: string | null = null;
  private key = new Uint8Array();

  constructor(
    private readonly cfg: AppConfig,
    private readonly admin: AdminTokenStore,
  ) {}

  get enabled(): boolean {
    return this.cfg.AUTH === 'token';
  }

  /** Whether `given` is the admin token (constant time). */
  isAdminToken(given: string | undefined): boolean {
    const expected = this.admin.current();
    return !!given && !!expected && secretsEqual(given, expected);
  }

  /** Issues an auth token; null when the admin token does not match. */
  async issue(adminToken: string | undefined): Promise<string | null> {
    if (!this.enabled) return 'server-auth-closed';
    if (!this.isAdminToken(adminToken)) return null;
    const key = new TextEncoder().encode(this.admin.current()!);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.cfg.TOKEN_TTL_S)
      .sign(key);
  }

  /**
   * Whether `token` is valid, when that is known without an HMAC (a token remembered for the
   * current admin token, or no token or admin token at all); undefined when `verify` must
   * check its signature. Lets the per-request check stay synchronous for known tokens.
   */
  known(token: string | undefined): boolean | undefined {
    const secret = this.admin.current();
    if (!token || !secret) return false;
    if (secret !== this.rememberedFor) {
      // a new admin token: nothing verified with the old one counts any more
      this.remembered.clear();
      this.subjects.clear();
      this.rememberedFor = secret;
      this.key = new TextEncoder().encode(secret);
    }
    const expiresAt = this.remembered.get(token);
    if (expiresAt === undefined) return undefined;
    if (Date.now() < expiresAt) return true;
    this.remembered.delete(token);
    this.subjects.delete(token);
    return false;
  }

  /** The subject of a token this service accepted (tokenSubject), remembered with it. */
  subjectOf(token: string): string {
    let subject = this.subjects.get(token);
    if (subject === undefined) {
      subject = tokenSubject(token);
      if (this.remembered.has(token)) this.subjects.set(token, subject);
    }
    return subject;
  }

  /** Whether `token` is a valid, unexpired auth token. */
  async verify(token: string | undefined): Promise<boolean> {
    const known = this.known(token);
    if (known !== undefined) return known;
    try {
      const { payload } = await jwtVerify(token!, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      if (this.remembered.size >= MAX_REMEMBERED) {
        const oldest = this.remembered.keys().next().value!;
        this.remembered.delete(oldest);
        this.subjects.delete(oldest);
      }
      this.remembered.set(token!, payload.exp! * 1000);
      return true;
    } catch {
      return false;
    }
  }
}
