import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type E2eGraph, e2eGraph } from '../support/e2e-graph.js';
import { request } from '../support/http.js';

/**
 * The simulator answers a change only once it is on disk: killed (SIGKILL, no shutdown) right
 * after it answered, it starts again from its state directory with every answered change.
 */
describe('faults: the simulator killed right after it answered', () => {
  let graph: E2eGraph;
  const dir = mkdtempSync(join(tmpdir(), 'hv-sim-kill-'));
  let sim: { proc: ChildProcess; url: string } | undefined;

  beforeAll(async () => {
    graph = await e2eGraph();
  });
  afterEach(async () => {
    if (sim) await kill(sim.proc);
    sim = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The built simulator on a free port, its state in `dir`. */
  async function start(): Promise<{ proc: ChildProcess; url: string }> {
    const p = await graph.startProcess(
      graph.BUILT_ENTRY.simulator,
      {
        SIM_HOST: '127.0.0.1',
        SIM_PORT: '0',
        SIM_STATE_DIR: join(dir, 'sim'),
        DATA_DIR: dir,
        HV_LATENCY_PROFILE: 'fast',
        LOG_FORMAT: 'json',
      },
      /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      60_000,
    );
    return { proc: p.proc, url: p.match[1] };
  }

  async function kill(proc: ChildProcess): Promise<void> {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  }

  const smapi = (url: string, fn: string, target: string, params?: object) =>
    request(url, 'POST', `/smapi/${fn}`, { body: { target, ...(params ? { params } : {}) } });
  const directory = (userid: string) => [
    `USER ${userid} LBYONLY 1G 2G G`,
    'INCLUDE OSDFLT',
    'MACHINE ESA 2',
  ];

  it('keeps a guest whose create was answered just before the kill', async () => {
    sim = await start();
    const made = await smapi(sim.url, 'Image_Create_DM', 'KILL01', {
      directory: directory('KILL01'),
    });
    // SIGKILL as soon as the answer is in: no shutdown, no timer left to write anything
    await kill(sim.proc);
    expect(made.body).toMatchObject({ rc: 0, rs: 0 });

    sim = await start();
    const found = await smapi(sim.url, 'Image_Query_DM', 'KILL01');
    expect(found.body).toMatchObject({ rc: 0, rs: 0, output: directory('KILL01') });
    // the next step of a create finds the guest (it answered 400/4 before)
    const disk = await smapi(sim.url, 'Image_Disk_Create_DM', 'KILL01', {
      vdev: '0100',
      deviceType: '3390',
      pool: 'POOL1',
      units: 10,
      mode: 'MR',
      format: 'none',
    });
    expect(disk.body).toMatchObject({ rc: 0, rs: 0 });
  });

  it('keeps every change of a burst answered together (one write shared by all)', async () => {
    sim = await start();
    const url = sim.url;
    const ids = Array.from({ length: 12 }, (_, i) => `BURST${String(i).padStart(2, '0')}`);
    const answers = await Promise.all(
      ids.map((id) => smapi(url, 'Image_Create_DM', id, { directory: directory(id) })),
    );
    await kill(sim.proc);
    expect(answers.map((a) => a.body.rc)).toEqual(ids.map(() => 0));

    sim = await start();
    const names = await smapi(sim.url, 'Image_Name_Query_DM', '*');
    expect(names.body.output).toEqual(expect.arrayContaining(ids));
  });
});
