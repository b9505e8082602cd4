import { connect } from 'node:net';
import { TestStack } from './support/stack.js';

/** What a client that keeps sending saw: the answer, and when the server ended the socket. */
interface Seen {
  answer: string;
  /** ms from the answer's first byte to the server's end of the socket; null: not within `waitMs` */
  closedAfterMs: number | null;
}

/**
 * Issue #57 item 12: a body over the limit is answered 413 and the connection closed, so a
 * client still sending is not left waiting on a connection the server only drains.
 */
describe('413: the connection is closed (#57.12)', () => {
  let stack: TestStack;
  let token: string;
  beforeAll(async () => {
    // uploads (PUT /files) have their own limit: small here, so a test can pass it
    stack = await TestStack.start({ worker: 'none', env: { IMAGE_MAX_BYTES: String(256 * 1024) } });
    token = await stack.token();
  });
  afterAll(() => stack.close());

  /**
   * Sends `head`, then `first` at once and 16 KiB every 50 ms after it (a slow client that
   * keeps sending) until the server ends the socket or `waitMs` passes after the answer.
   */
  const slowSend = (head: string, first: Buffer, waitMs = 5000): Promise<Seen> => {
    const { port, hostname } = new URL(stack.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let answer = '';
      let answeredAt: number | undefined;
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const finish = (closed: boolean) => {
        clearInterval(ticker);
        clearTimeout(limit);
        socket.destroy();
        resolve({
          answer,
          closedAfterMs: closed && answeredAt !== undefined ? Date.now() - answeredAt : null,
        });
      };
      const ticker = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(chunk);
        if (answeredAt !== undefined && Date.now() - answeredAt > waitMs) finish(false);
      }, 50);
      const limit = setTimeout(() => finish(false), 60_000);
      socket.on('data', (d: Buffer) => {
        answeredAt ??= Date.now();
        answer += d.toString();
      });
      socket.on('end', () => finish(true));
      socket.on('close', () => finish(true));
      socket.on('error', (e: NodeJS.ErrnoException) => {
        // the server closing while we write: a reset is an end too
        if (e.code === 'ECONNRESET' || e.code === 'EPIPE') finish(true);
        else reject(e);
      });
      socket.write(`${head}X-Auth-Token: ${token}\r\nHost: ${hostname}\r\n\r\n`);
      socket.write(first);
    });
  };

  const expect413Closed = (seen: Seen) => {
    expect(seen.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(seen.answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    const body = JSON.parse(seen.answer.slice(seen.answer.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ overallRC: 413, rc: 413, rs: 413, modID: 120, output: '' });
    expect(seen.closedAfterMs).not.toBeNull(); // null: still open 5 s after the 413
    expect(seen.closedAfterMs!).toBeLessThan(2000);
  };

  it('a declared length over the limit: 413 at once, then the socket is ended', async () => {
    const head =
      'POST /guests HTTP/1.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${5 * 1024 * 1024}\r\n`;
    expect413Closed(await slowSend(head, Buffer.from('{"guest": "')));
  });

  it('a chunked body that grows over the limit: 413, then the socket is ended', async () => {
    const head =
      'POST /guests HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n';
    // one chunk just under the limit, then the slow 16 KiB writes run as further chunk data
    const size = 4 * 1024 * 1024 + 1;
    const first = Buffer.concat([
      Buffer.from(`${(size + 64 * 1024 * 1024).toString(16)}\r\n`),
      Buffer.alloc(size, 'a'),
    ]);
    expect413Closed(await slowSend(head, first));
  });

  it('a GET body over its 64 KiB: 413, then the socket is ended', async () => {
    const head =
      'GET /vswitch HTTP/1.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${1024 * 1024}\r\n`;
    expect413Closed(await slowSend(head, Buffer.alloc(65 * 1024, 'a')));
  });

  it('an upload declared over IMAGE_MAX_BYTES: 413 at once, then the socket is ended', async () => {
    const head =
      'PUT /files HTTP/1.1\r\nContent-Type: application/octet-stream\r\n' +
      `Content-Length: ${1024 * 1024}\r\n`;
    expect413Closed(await slowSend(head, Buffer.alloc(1024, 'a')));
  });

  it('an upload that grows over IMAGE_MAX_BYTES: 413, then the socket is ended', async () => {
    const head =
      'PUT /files HTTP/1.1\r\nContent-Type: application/octet-stream\r\n' +
      'Transfer-Encoding: chunked\r\n';
    const size = 256 * 1024 + 1;
    const first = Buffer.concat([
      Buffer.from(`${(size + 64 * 1024 * 1024).toString(16)}\r\n`),
      Buffer.alloc(size, 'a'),
    ]);
    expect413Closed(await slowSend(head, first));
  });
});
