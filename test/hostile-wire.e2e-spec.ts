import { connect } from 'node:net';
import { requestWithBody } from './support/http.js';
import { TestStack } from './support/stack.js';

const ENVELOPE_KEYS = ['errmsg', 'modID', 'output', 'overallRC', 'rc', 'rs'];

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/**
 * Issue #23 items 3 and 4: hostile shapes in the JSON body of a GET (the routes that read one
 * do so themselves, below Fastify's parser) and a request line longer than Node's header limit
 * (answered by the http server before Fastify routes anything). Each gets a 4xx envelope.
 */
describe('hostile input on the wire (#23)', () => {
  let stack: TestStack;
  let token: string;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'none' });
    token = await stack.token();
  });
  afterAll(() => stack.close());

  const expect4xx = (res: { status: number; body: any }, says?: string) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
    if (says) expect(res.body.errmsg).toContain(says);
  };

  describe('#23.3 bodies of GET routes are shape-checked', () => {
    const shapes: [string, string, string][] = [
      ['a 5,000-deep array', deepArray(5000), 'deep'],
      ['a 5,000-deep object', deepObject(5000), 'deep'],
      ['a lone surrogate', '"\\ud800"', 'surrogate'],
      ['a lone surrogate in a key', '{"\\udc00":1}', 'surrogate'],
      [
        'an object of 2,000 keys',
        `{${Array.from({ length: 2000 }, (_, i) => `"k${i}":1`).join(',')}}`,
        'keys',
      ],
    ];
    const bodies: [string, string, (inner: string) => string][] = [
      ['/vswitch', 'as the body', (inner) => inner],
      ['/vswitch', 'as portid', (inner) => `{"portid":${inner}}`],
      ['/volumes/conn/host01', 'as the body', (inner) => inner],
      ['/volumes/conn/host01', 'as info', (inner) => `{"info":${inner}}`],
      [
        '/volumes/conn/host01',
        'as info.fcp_template_id',
        (inner) => `{"info":{"reserve":true,"fcp_template_id":${inner}}}`,
      ],
    ];
    const cases = bodies.flatMap(([path, where, wrap]) =>
      shapes.map(([what, inner, says]) => [path, what, where, wrap(inner), says] as const),
    );
    it.each(cases)('GET %s with %s %s: 400 envelope', async (path, _what, _where, body, says) => {
      expect4xx(await requestWithBody(stack.url, 'GET', path, body, token), says);
    });

    it('a GET route that takes no body ignores one of any shape, as the reference', async () => {
      for (const body of [deepArray(5000), '"\\ud800"']) {
        const res = await requestWithBody(stack.url, 'GET', '/guests', body, token);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
      }
    });

    it('a well-formed body still works', async () => {
      const res = await requestWithBody(stack.url, 'GET', '/vswitch', '{"portid":"p-1"}', token);
      expect(res.status).toBe(200);
      expect(res.body.output).toEqual([]);
    });
  });

  describe('#23.4 a request line over 16 KiB', () => {
    /** Sends `head` on a raw socket; resolves with everything the server answered. */
    const raw = (head: string): Promise<string> => {
      const { port, hostname } = new URL(stack.url);
      return new Promise((resolve, reject) => {
        const socket = connect(Number(port), hostname);
        let got = '';
        socket.on('data', (d: Buffer) => (got += d.toString()));
        socket.on('close', () => resolve(got));
        socket.on('error', (e: NodeJS.ErrnoException) =>
          // the server may close while the rest is still being written
          e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(got) : reject(e),
        );
        socket.end(head);
      });
    };
    const parse = (answer: string) => ({
      status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]),
      head: answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase(),
      body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)),
    });

    it.each([
      ['a 20 KiB path', `GET /guests/${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`],
      ['a 20 KiB query', `GET /guests?userid=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`],
      [
        'a 20 KiB header',
        `GET /guests HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
      ],
    ])('%s: 4xx with the envelope, as JSON, and the connection closed', async (_what, head) => {
      const answer = parse(await raw(head));
      expect([414, 431]).toContain(answer.status);
      expect(answer.head).toContain('content-type: application/json');
      expect(answer.head).toContain('connection: close');
      expect(Object.keys(answer.body).sort()).toEqual(ENVELOPE_KEYS);
      expect(answer.body).toMatchObject({ overallRC: answer.status, modID: 120 });
      expect(answer.body.errmsg).toContain('16384');
    });

    it('a garbled request line: 400 with the envelope', async () => {
      const answer = parse(await raw('NOT HTTP AT ALL\r\n\r\n'));
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body).sort()).toEqual(ENVELOPE_KEYS);
    });

    it('the api keeps answering afterwards', async () => {
      const res = await requestWithBody(stack.url, 'GET', '/vswitch', '{"portid":"p-1"}', token);
      expect(res.status).toBe(200);
    });
  });
});
