import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '#config';
import type { Simulator } from '../apps/hv-simulator/src/index.js';
import { e2eGraph } from './support/e2e-graph.js';

interface Run {
  code: number;
  stdout: string;
}

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * `npm run hv:check` (the built dist/scripts/hv-check.js) against the simulator's wire port: it
 * passes with the right credentials, and names the failure and exits non-zero with a wrong
 * password or a closed port. The simulator checks the wire userid and password it is given.
 */
describe('hv:check, the dry run of the hypervisor link', () => {
  let sim: Simulator;
  let dir: string;
  let simUrl: string;
  let wirePort: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hv-check-'));
    sim = await (
      await e2eGraph()
    ).createSimulator({
      stateDir: join(dir, 'sim'),
      latencyProfile: 'fast',
      wireCredentials: { userid: 'HVSIMMGR', password: 'right-pw' },
    });
    simUrl = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    wirePort = await sim.wire.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const check = (password: string, port = wirePort) => {
    const file = join(dir, `pw-${password}`);
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    return new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        [join(repoRoot(), 'dist/scripts/hv-check.js')],
        {
          env: {
            PATH: process.env.PATH,
            DATA_DIR: dir,
            HV_TRANSPORT: 'smapi',
            HV_SIMULATOR_URL: simUrl,
            // CP QUERY USERID through the simulator's vmcp, as the service would run it
            HV_TOOLS_DIR: join(repoRoot(), 'apps/hv-simulator/bin'),
            SMAPI_HOST: '127.0.0.1',
            SMAPI_PORT: String(port),
            SMAPI_USER: 'HVSIMMGR',
            SMAPI_PASSWORD_FILE: file,
            SMAPI_CONNECT_TIMEOUT_S: '5',
            SMAPI_READ_TIMEOUT_S: '10',
          },
        },
        (err, stdout) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout }),
      );
    });
  };

  it('reports every check passing against a reachable, authorising server', async () => {
    const run = await check('right-pw');
    expect(run.stdout).toMatch(/^ok {4}request server 127\.0\.0\.1:\d+ \(TCP\) accepts/m);
    expect(run.stdout).toMatch(/^ok {4}Query_API_Functional_Level as HVSIMMGR: .*API level 720$/m);
    expect(run.stdout).toMatch(/^ok {4}CP QUERY USERID: HVSIMMGR AT HVSIM1/m);
    expect(run.stdout).not.toMatch(/FAIL/);
    expect(run.code).toBe(0);
    // the password never shows
    expect(run.stdout).not.toContain('right-pw');
  });

  it('names a wrong password as the authentication error, and exits non-zero', async () => {
    const run = await check('wrong-pw');
    expect(run.stdout).toMatch(
      /^FAIL {2}Query_API_Functional_Level as HVSIMMGR: rc 120 rs 0: userid or password not valid/m,
    );
    expect(run.stdout).toMatch(/hypervisor link: NOT ready/);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('wrong-pw');
  });

  it('names a closed port, and exits non-zero', async () => {
    const run = await check('right-pw', await closedPort());
    expect(run.stdout).toMatch(/^FAIL {2}request server 127\.0\.0\.1:\d+ \(TCP\): .*ECONNREFUSED/m);
    expect(run.stdout).toMatch(/^FAIL {2}Query_API_Functional_Level: not tried/m);
    expect(run.code).toBe(1);
  });
});
