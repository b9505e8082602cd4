// Benchmark: an image import streams; memory stays flat. Serves a generated ~1 GiB image over
// HTTP on 127.0.0.1 (made on the fly, never held in memory), imports it through a running api
// and worker (the built processes), and prints throughput and both processes' RSS growth.
// Prints numbers; asserts nothing. Run: npm run build && node dist/bench/import-stream.js [MiB]
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CYLINDER_BYTES, rawSampleImageBytes, sampleImageStream } from '#images';
import { startBenchStack } from './bench-stack.js';
import { rssMiB } from './process-stats.js';

const MIB = 1024 * 1024;
const SIZE_MIB = Number(process.argv[2] ?? 1024);
const CYLINDERS = Math.ceil((SIZE_MIB * MIB) / CYLINDER_BYTES);

async function main(): Promise<void> {
  // the image server below listens on loopback, which imports may not reach by default
  const stack = await startBenchStack(process.env, { IMAGE_IMPORT_HOSTS: '127.0.0.1' });
  const worker = (await stack.startWorker()).proc;
  const api = stack.api.proc;
  const base = stack.base;

  // the image, raw (gzip level 0) so ~1 GiB really crosses the wire; hashed as it is sent
  const length = rawSampleImageBytes(CYLINDERS);
  let sentMd5 = '';
  const server = createServer((_req, res) => {
    const hash = createHash('md5');
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': length });
    pipeline(sampleImageStream({ cylinders: CYLINDERS, level: 0 }), tap, res).then(
      () => (sentMd5 = hash.digest('hex')),
      () => undefined,
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const imageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench.img`;

  await new Promise((r) => setTimeout(r, 1000)); // let both processes settle
  const before = { api: rssMiB(api.pid!), worker: rssMiB(worker.pid!) };
  const peak = { ...before };
  const sampler = setInterval(() => {
    peak.api = Math.max(peak.api, rssMiB(api.pid!));
    peak.worker = Math.max(peak.worker, rssMiB(worker.pid!));
  }, 100);

  const t0 = performance.now();
  const submitted = await fetch(`${base}/images`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'respond-async' },
    body: JSON.stringify({
      image: { image_name: 'bench', url: imageUrl, image_meta: { os_version: 'rhel9.0' } },
    }),
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 202 || !location) throw new Error(`import answered ${submitted.status}`);
  let op: { status: string; response?: { errmsg: string } };
  do {
    const res = await fetch(`${base}${location}?wait=50`);
    op = ((await res.json()) as { output: typeof op }).output;
  } while (!['succeeded', 'failed', 'cancelled'].includes(op.status));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (op.status !== 'succeeded') throw new Error(`import ${op.status}: ${op.response?.errmsg}`);
  const after = { api: rssMiB(api.pid!), worker: rssMiB(worker.pid!) };
  const record = (await (await fetch(`${base}/images?imagename=bench`)).json()) as {
    output: { md5sum: string }[];
  };

  const rows: [string, string][] = [
    ['image size (MiB)', (length / MIB).toFixed(1)],
    ['import time, request to operation end (s)', seconds.toFixed(2)],
    ['throughput (MiB/s)', (length / MIB / seconds).toFixed(1)],
    [
      'api RSS before / peak / after (MiB)',
      `${before.api.toFixed(0)} / ${peak.api.toFixed(0)} / ${after.api.toFixed(0)}`,
    ],
    ['api RSS growth at peak (MiB)', (peak.api - before.api).toFixed(1)],
    [
      'worker RSS before / peak / after (MiB)',
      `${before.worker.toFixed(0)} / ${peak.worker.toFixed(0)} / ${after.worker.toFixed(0)}`,
    ],
    ['worker RSS growth at peak (MiB)', (peak.worker - before.worker).toFixed(1)],
    [
      'md5 of the record equals the bytes sent (1 = yes)',
      record.output[0]?.md5sum === sentMd5 ? '1' : '0',
    ],
  ];
  for (const [k, v] of rows) console.log(`${k.padEnd(52)} ${v}`);

  server.close();
  await stack.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
