import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got. */
export interface Received {
  path: string;
  id: string;
  body: string;
  headers: Record<string, string>;
  status: number;
}

/** How the receiver answers a request to a path (default 200); a promise answers when it settles. */
export type Answer = (r: Omit<Received, 'status'>) => number | 'hang' | Promise<number>;

/**
 * A webhook receiver on a loopback port: records every request and answers as told per path;
 * can go away and come back on the same port (a receiver that is down).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, Answer>();
  private readonly hanging = new Set<ServerResponse>();
  private server?: Server;
  private constructor(public port: number) {}

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver(0);
    await r.up();
    return r;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  answer(path: string, how: Answer): void {
    this.answers.set(path, how);
  }

  /** Requests to a path. */
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and drops open connections: connects are refused until up(). */
  async down(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    const path = req.url ?? '/';
    const r = {
      path,
      id: headers['webhook-id'] ?? '',
      body: Buffer.concat(chunks).toString(),
      headers,
    };
    const how = await (this.answers.get(path)?.(r) ?? 200);
    if (how === 'hang') {
      this.hanging.add(res);
      return;
    }
    this.received.push({ ...r, status: how });
    res.writeHead(how, { 'content-type': 'text/plain' }).end(how < 300 ? 'ok' : 'no');
  }
}

/** Whether `secret` verifies the request, with the Standard Webhooks library. */
export function verifies(secret: string, r: Pick<Received, 'body' | 'headers'>): boolean {
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  }
}
