// Load generators of `npm run bench`: autocannon, in this process, against one running server.
import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  /** Requests (or operations) per second, averaged over the run. */
  rate: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and socket errors. */
  bad: number;
  /** CPU the measured processes spent per request (or operation), in µs, when `cpuOf` is given. */
  cpuUs?: number;
  /** CPU of the api's event loop per request, in µs, when `loopCpuOf` is given. */
  loopCpuUs?: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** One request list per connection, made on its first request (a guest per client). */
  requestsFor?: (connection: number) => Request[];
  /** CPU seconds used so far by the processes whose cost per request is reported (cpuUs). */
  cpuOf?: () => number;
  /** CPU seconds used so far by the api's main thread (loopCpuUs). */
  loopCpuOf?: () => number;
}

/** Runs autocannon once and reduces its result to what the bench prints. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const cpuBefore = opts.cpuOf?.();
  const loopBefore = opts.loopCpuOf?.();
  const perConnection = opts.requestsFor;
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
    ...(perConnection
      ? {
          // autocannon keeps one context per connection: pin each connection to its own list
          requests: [
            {
              setupRequest: (req: Request, ctx: object) => {
                const context = ctx as { list?: Request[]; i?: number };
                context.list ??= perConnection(next++);
                const list = context.list;
                const i = (context.i ?? 0) % list.length;
                context.i = i + 1;
                return { ...req, ...list[i] };
              },
            },
          ],
        }
      : {}),
  });
  const cpu = opts.cpuOf && cpuBefore !== undefined ? opts.cpuOf() - cpuBefore : undefined;
  const loop =
    opts.loopCpuOf && loopBefore !== undefined ? opts.loopCpuOf() - loopBefore : undefined;
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    ...(cpu !== undefined && result.requests.total > 0
      ? { cpuUs: (cpu * 1e6) / result.requests.total }
      : {}),
    ...(loop !== undefined && result.requests.total > 0
      ? { loopCpuUs: (loop * 1e6) / result.requests.total }
      : {}),
  };
}

/**
 * The best of `runs` (highest rate): the least disturbed by the rest of the machine; its CPU per
 * request is the lowest of the runs, for the same reason.
 */
export async function bestOf(runs: number, opts: LoadOptions): Promise<LoadResult> {
  let best: LoadResult | undefined;
  let cpuUs: number | undefined;
  for (let i = 0; i < runs; i++) {
    const r = await load(opts);
    if (!best || r.rate > best.rate) best = r;
    if (r.cpuUs !== undefined) cpuUs = Math.min(cpuUs ?? Infinity, r.cpuUs);
  }
  return cpuUs === undefined ? best! : { ...best!, cpuUs };
}
