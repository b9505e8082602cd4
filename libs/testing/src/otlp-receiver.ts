import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, attributes flattened. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  links: { traceId: string; spanId: string }[];
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  status: number;
}

type OtlpValue = {
  arrayValue?: { values?: OtlpValue[] };
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type OtlpAttribute = { key: string; value: OtlpValue };

/** A value; an array (e.g. a captured header) as its items joined by commas. */
/** The parts of an OTLP/HTTP JSON trace export these tests read. */
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
        links?: { traceId: string; spanId: string }[];
        status?: { code?: number };
      }[];
    }[];
  }[];
}

const valueOf = (v: OtlpValue): string | number | boolean =>
  v.arrayValue
    ? (v.arrayValue.values ?? []).map(valueOf).join(',')
    : (v.stringValue ??
      v.boolValue ??
      (v.intValue !== undefined ? Number(v.intValue) : v.doubleValue!));

const flatten = (attrs: OtlpAttribute[] = []) =>
  Object.fromEntries(attrs.map((a) => [a.key, valueOf(a.value)]));

/**
 * A collector for tests: an OTLP/HTTP endpoint (JSON encoding, as the service's exporter sends)
 * that keeps every span it is sent. Its `url` is what OTEL_EXPORTER_OTLP_ENDPOINT names.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Requests to a path other than /v1/traces, or not JSON (should stay empty). */
  readonly rejected: string[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<OtlpReceiver> {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const receiver = new OtlpReceiver(server, `http://127.0.0.1:${port}`);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const type = req.headers['content-type'] ?? '';
        if (req.method !== 'POST' || req.url !== '/v1/traces' || !type.includes('json')) {
          receiver.rejected.push(`${req.method} ${req.url} ${type}`);
          res.writeHead(404).end();
          return;
        }
        receiver.take(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    return receiver;
  }

  private take(body: OtlpExport): void {
    for (const rs of body.resourceSpans ?? []) {
      const service = String(flatten(rs.resource?.attributes)['service.name'] ?? '');
      for (const ss of rs.scopeSpans ?? []) {
        for (const s of ss.spans ?? []) {
          this.spans.push({
            service,
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId ?? '',
            name: s.name,
            kind: s.kind,
            attributes: flatten(s.attributes),
            links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
            status: s.status?.code ?? 0,
          });
        }
      }
    }
  }

  /** Spans of one trace received so far. */
  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((s) => s.traceId === traceId);
  }

  /** Waits until `check` finds what it looks for among the spans received. */
  async until<T>(
    check: (spans: ReceivedSpan[]) => T | undefined,
    what: string,
    ms = 20_000,
  ): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const found = check(this.spans);
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}
