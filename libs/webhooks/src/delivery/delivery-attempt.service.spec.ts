import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '#config';
import type { DeliveryRecord } from '#persistence';
import { newSecret } from '../domain/signing.js';
import { DeliveryAttempts } from './delivery-attempt.service.js';

describe('DeliveryAttempts', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('disables a subscription only once the failure that disables it is in the delivery log', async () => {
    const calls: string[] = [];
    const delivery = {
      id: 'd1',
      status: 'pending',
      attempts: 3,
      subscriptionId: 's1',
      payload: '{}',
    };
    const deliveries = {
      get: () => Promise.resolve(delivery as unknown as DeliveryRecord),
      recordAttempt: (_id: string, a: { status: string }) => {
        calls.push(`delivery ${a.status}`);
        return Promise.resolve();
      },
    };
    const subscriptions = {
      get: () =>
        Promise.resolve({ id: 's1', url, enabled: true, secret: newSecret(), previous: null }),
      // failing for a day already
      failed: () => Promise.resolve(new Date(Date.now() - 86_400_000)),
      disable: () => {
        calls.push('subscription disabled');
        return Promise.resolve();
      },
    };
    const cfg = loadConfig({
      DATA_DIR: '/tmp/hvo-webhook-unit',
      WEBHOOK_HOSTS: '127.0.0.1',
      WEBHOOK_DISABLE_AFTER_S: '60',
    });
    const attempts = new DeliveryAttempts(
      cfg,
      deliveries as never,
      subscriptions as never,
      {} as never,
    );
    expect(await attempts.attempt('d1', false)).toMatchObject({ result: 'end' });
    expect(calls).toEqual(['delivery failed', 'subscription disabled']);
  });
});
