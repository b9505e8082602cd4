import { Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { AppConfig } from '#config';
import { AdminTokenStore } from './admin-token.store.js';
import { secretsEqual } from './constant-time.js';

/**
 * Temporary auth tokens as the reference issues them: HS256 JWTs whose only claim is `exp`,
 * signed with the admin token, so rotating the admin token invalidates every issued token.
 */
@Injectable()
export class TokenService {
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

  /** Whether `token` is a valid, unexpired auth token. */
  async verify(token: string | undefined): Promise<boolean> {
    const secret = this.admin.current();
    if (!token || !secret) return false;
    try {
      await jwtVerify(token, new TextEncoder().encode(secret), {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      return true;
    } catch {
      return false;
    }
  }
}
