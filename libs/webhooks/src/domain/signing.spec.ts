import { Webhook } from 'standardwebhooks';
import { HostPolicy } from '#images';
import { wants } from './events.js';
import { deliveryId, newSecret, signedHeaders, signingSecrets } from './signing.js';
import { redactUrl, targetProblem } from './target-url.js';

const verify = (secret: string, body: string, headers: Record<string, string>) => {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
};

describe('webhook signing', () => {
  const body = JSON.stringify({ id: 'op', status: 'succeeded' });

  it('signs so the Standard Webhooks library verifies it', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const h = signedHeaders([secret], 'msg_1', new Date(), body);
    expect(verify(secret, body, h)).toBe(true);
    expect(verify(newSecret(), body, h)).toBe(false);
    expect(verify(secret, `${body} `, h)).toBe(false);
  });

  it('signs with the previous secret too until its grace period ends', () => {
    const [old, fresh] = [newSecret(), newSecret()];
    const now = new Date();
    const pair = { secret: fresh, previousSecret: old, previousUntil: new Date(+now + 1000) };
    const h = signedHeaders(signingSecrets(pair, now), 'msg_2', now, body);
    expect(h['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verify(old, body, h) && verify(fresh, body, h)).toBe(true);
    const later = new Date(+now + 2000);
    expect(signingSecrets(pair, later)).toEqual([fresh]);
  });

  it('names one message per ending and receiver', () => {
    expect(deliveryId('a', 'succeeded', 's1')).toBe(deliveryId('a', 'succeeded', 's1'));
    expect(deliveryId('a', 'succeeded', 's1')).not.toBe(deliveryId('a', 'failed', 's1'));
    expect(deliveryId('a', 'succeeded', 's1')).not.toBe(deliveryId('a', 'succeeded', 's2'));
  });
});

describe('webhook targets', () => {
  const policy = new HostPolicy([], 'WEBHOOK_HOSTS');

  it('refuses what the import policy refuses, and other schemes', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://localhost:8/x',
      'http://[::ffff:10.0.0.1]/',
      'http://2130706433/',
    ]) {
      expect(targetProblem(url, policy)).toContain('WEBHOOK_HOSTS');
    }
    expect(targetProblem('file:///etc/passwd', policy)).toMatch(/http/);
    expect(targetProblem('https://hooks.example.com/x#y', policy)).toMatch(/fragment/);
    expect(targetProblem('https://hooks.example.com/x', policy)).toBeNull();
    expect(targetProblem('http://127.0.0.1:9/', new HostPolicy(['127.0.0.1']))).toBeNull();
  });

  it('never shows credentials', () => {
    expect(redactUrl('https://u:secret@h.example/p')).toBe('https://***@h.example/p');
    expect(redactUrl('https://h.example/p')).toBe('https://h.example/p');
  });
});

describe('webhook matching', () => {
  const sub = { enabled: true, events: ['operation.failed'], kinds: [], userids: [] };
  const op = { kind: 'guest.start', target: 'LNX01' };

  it('matches events, kinds and userids', () => {
    expect(wants(sub, op, 'operation.failed')).toBe(true);
    expect(wants(sub, op, 'operation.succeeded')).toBe(false);
    expect(wants({ ...sub, events: ['operation.*'] }, op, 'operation.succeeded')).toBe(true);
    expect(wants({ ...sub, kinds: ['guest.stop'] }, op, 'operation.failed')).toBe(false);
    expect(wants({ ...sub, userids: ['LNX01'] }, op, 'operation.failed')).toBe(true);
    expect(wants({ ...sub, userids: ['LNX02'] }, op, 'operation.failed')).toBe(false);
    expect(wants({ ...sub, userids: ['LNX01'] }, { ...op, target: null }, 'operation.failed')).toBe(
      false,
    );
    expect(wants({ ...sub, enabled: false }, op, 'operation.failed')).toBe(false);
  });
});
