// Benchmark (issue #16): the long version of test/fuzz.e2e-spec.ts — many hostile requests
// against every route of /openapi.json — printing counts instead of asserting.
// Run: npm run bench:fuzz [-- runs [seed]]
import fc from 'fast-check';
import { BARE_ROUTES, ENVELOPE_KEYS, hostileRequests, routesOf } from '#testing';
import { startBenchStack } from './bench-stack.js';

const RUNS = Number(process.argv[2] ?? 10_000);
const SEED = Number(process.argv[3] ?? 16);

async function main(): Promise<void> {
  const stack = await startBenchStack(process.env);
  const { base } = stack;
  const routes = routesOf(
    (await (await fetch(`${base}/openapi.json`)).json()) as Parameters<typeof routesOf>[0],
  );
  const byClass = new Map<string, number>();
  const notEnvelope: string[] = [];
  const serverErrors: string[] = [];
  const liveMs: number[] = [];
  const requests = fc.sample(hostileRequests(routes), { numRuns: RUNS, seed: SEED });
  for (const [i, r] of requests.entries()) {
    const res = await fetch(base + r.path, {
      method: r.method,
      headers: { 'content-type': 'application/json', prefer: 'respond-async' },
      body: r.method === 'GET' ? undefined : r.body,
    });
    const text = await res.text();
    const cls = `${String(res.status)[0]}xx`;
    byClass.set(cls, (byClass.get(cls) ?? 0) + 1);
    if (res.status >= 500) serverErrors.push(`${res.status} ${r.method} ${r.path}`);
    if (!BARE_ROUTES.has(r.template) || res.status >= 400) {
      try {
        const keys = Object.keys(JSON.parse(text) as object).sort();
        if (keys.join() !== ENVELOPE_KEYS.join()) notEnvelope.push(`${r.method} ${r.path}`);
      } catch {
        if (res.headers.get('content-type')?.includes('json') || res.status >= 400)
          notEnvelope.push(`${r.method} ${r.path}`);
      }
    }
    if (i % 100 === 0) {
      const t = performance.now();
      await (await fetch(`${base}/health/live`)).text();
      liveMs.push(performance.now() - t);
    }
  }
  liveMs.sort((a, b) => a - b);
  console.log(`requests ${RUNS} (seed ${SEED}) over ${routes.length} routes`);
  console.log(`by status class ${JSON.stringify(Object.fromEntries(byClass))}`);
  console.log(`5xx ${serverErrors.length}; not an envelope ${notEnvelope.length}`);
  for (const line of [...serverErrors, ...notEnvelope].slice(0, 20)) console.log(`  ${line}`);
  console.log(
    `/health/live ms: median ${liveMs[liveMs.length >> 1]?.toFixed(1)}, max ${liveMs.at(-1)?.toFixed(1)}`,
  );
  console.log(`api still running: ${stack.api.proc.exitCode === null}`);
  await stack.close();
}

await main();
