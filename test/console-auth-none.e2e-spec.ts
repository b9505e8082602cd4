import { request } from './support/http.js';
import { TestStack } from './support/stack.js';

/**
 * Issue #59 item 2: the operations console shows every operation and acts on them, so like the
 * Bull dashboard it stays behind the operator credentials with AUTH=none too; its session
 * then needs no real token (the API asks for none).
 */
describe('the operations console with AUTH=none', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'none', env: { AUTH: 'none' } });
  });
  afterAll(() => stack.close());

  it('still asks for the operator credentials', async () => {
    for (const [method, path] of [
      ['GET', '/console'],
      ['GET', '/console/assets/app.js'],
      ['POST', '/console/session'],
    ]) {
      const res = await request(stack.url, method, path);
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.headers.get('www-authenticate')).toContain('Basic');
    }
    const basic = `Basic ${Buffer.from(`ops:${stack.adminToken}`).toString('base64')}`;
    const page = await request(stack.url, 'GET', '/console', { headers: { authorization: basic } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('/console/assets/app.js');
    const session = await request(stack.url, 'POST', '/console/session', {
      headers: { authorization: basic },
    });
    expect(session.status).toBe(200);
    const token = session.headers.get('x-auth-token')!;
    expect((await request(stack.url, 'GET', '/operations', { token })).status).toBe(200);
  });
});
