// The peer of `npm run bench -- --peer <feilong checkout>`: the reference service as its docs
// deploy it, started from a checkout of it: nginx in front ("nginx + uwsgi",
// doc/source/setuphttpd.rst), uwsgi with the checkout's own data/uwsgi-zvmsdk.conf (two
// processes of 32 threads), its zvmsdk-wsgi web layer, and its SDK server over an in-memory
// hypervisor (sdk-server.py). Needs nginx, uwsgi's python3 plugin and the reference's Python
// dependencies; on Debian: nginx-light uwsgi-core uwsgi-plugin-python3 python3-webob
// python3-routes python3-jsonschema python3-six python3-jwt python3-netaddr python3-requests
// python3-yaml.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '#config';
import { sparePort, stopProcess } from '#testing';

export interface Peer {
  base: string;
  adminToken: string;
  /** Every process of the peer (nginx's, uwsgi's and their workers, the SDK server's). */
  pids(): number[];
  close(): Promise<void>;
}

/** The reference's uwsgi settings, from its checkout, with this run's ports and paths. */
function uwsgiConfig(reference: string, checkout: string, dir: string, port: number) {
  const set: Record<string, string> = {
    'uwsgi-socket': `127.0.0.1:${port}`,
    'wsgi-file': join(checkout, 'zvmsdk/sdkwsgi/zvmsdk-wsgi'),
    pidfile: join(dir, 'uwsgi.pid'),
    socket: join(dir, 'uwsgi.socket'),
    logto: join(dir, 'uwsgi.log'),
    // Debian names the plugin for the Python it embeds
    plugins: 'python3',
  };
  const lines = reference
    .split('\n')
    .filter((l) => !/^(uid|gid)\s*=/.test(l)) // runs as whoever runs the bench
    .map((l) => {
      const key = /^([\w-]+)\s*=/.exec(l)?.[1];
      return key && key in set ? `${key} = ${set[key]}` : l;
    });
  return [...lines, `pythonpath = ${checkout}`, ''].join('\n');
}

const nginxConfig = (dir: string, port: number, uwsgiPort: number) => `
daemon off;
worker_processes auto;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 4096; }
http {
  access_log ${join(dir, 'nginx-access.log')};
  client_body_temp_path ${join(dir, 'nginx-body')};
  server {
    listen 127.0.0.1:${port};
    location / { include /etc/nginx/uwsgi_params; uwsgi_pass 127.0.0.1:${uwsgiPort}; }
  }
}
`;

const zvmsdkConf = (dir: string, sdkPort: number) => `
[logging]
log_dir = ${join(dir, 'log')}
[zvm]
user_profile = OSDFLT
disk_pool = ECKD:POOL1
[network]
my_ip = 127.0.0.1
[wsgi]
auth = token
token_path = ${join(dir, 'token.dat')}
[sdkserver]
bind_addr = 127.0.0.1
bind_port = ${sdkPort}
`;

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** The processes under `pid` (uwsgi's and nginx's workers), from /proc. */
function children(pid: number): number[] {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return kids ? kids.split(' ').map(Number) : [];
  } catch {
    return [];
  }
}

/** Throws unless `checkout` holds the reference's web layer (before minutes of other runs). */
export function checkReference(checkout: string): void {
  if (!existsSync(join(checkout, 'zvmsdk/sdkwsgi/zvmsdk-wsgi')))
    throw new Error(`--peer ${checkout}: not a checkout of the reference (no zvmsdk/sdkwsgi)`);
}

/** Starts the peer from `checkout`; `inherited` is the caller's environment (its PATH). */
export async function startPeer(
  checkout: string,
  inherited: Record<string, string | undefined>,
): Promise<Peer> {
  // the reference reads the first zvmsdk.conf it finds; one of the host's would come first
  for (const f of ['/etc/zvmsdk/zvmsdk.conf', '/etc/zvmsdk.conf'])
    if (existsSync(f)) throw new Error(`${f} would configure the peer: move it away`);
  const dir = mkdtempSync(join(tmpdir(), 'hvo-peer-'));
  const home = join(dir, 'home'); // the reference looks for its zvmsdk.conf in ~ too
  mkdirSync(home);
  const adminToken = randomBytes(24).toString('hex');
  writeFileSync(join(dir, 'token.dat'), adminToken);
  const [sdkPort, uwsgiPort, port] = [await sparePort(), await sparePort(), await sparePort()];
  writeFileSync(join(home, 'zvmsdk.conf'), zvmsdkConf(dir, sdkPort));
  const reference = readFileSync(join(checkout, 'data/uwsgi-zvmsdk.conf'), 'utf8');
  writeFileSync(join(dir, 'uwsgi.ini'), uwsgiConfig(reference, checkout, dir, uwsgiPort));
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, uwsgiPort));

  const env = { PATH: inherited.PATH, HOME: home, PYTHONPATH: checkout };
  const procs: ChildProcess[] = [];
  let missing: Error | undefined; // a program not installed (what it needs: this file's head)
  const run = (cmd: string, args: string[], log: string) => {
    const fd = openSync(join(dir, log), 'a');
    const p = spawn(cmd, args, { env, stdio: ['ignore', fd, fd] });
    p.once('error', (e) => (missing ??= e));
    procs.push(p);
    closeSync(fd);
  };
  const close = async () => {
    await Promise.all(procs.map((p) => stopProcess(p)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
    run(python, [join(repoRoot(), 'bench/peer/sdk-server.py')], 'sdk-server.log');
    run('uwsgi', ['--ini', join(dir, 'uwsgi.ini')], 'uwsgi-start.log');
    run(
      'nginx',
      ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'error.log')],
      'nginx.log',
    );
    const end = Date.now() + 30_000;
    for (;;) {
      if (missing) throw new Error(`the peer could not start: ${missing.message}`);
      const gone = procs.find((p) => p.exitCode !== null || p.signalCode !== null);
      if (gone) throw new Error(`${gone.spawnfile} of the peer exited: see ${dir}`);
      const up =
        (await listening(sdkPort)) && (await fetch(`http://127.0.0.1:${port}/`).catch(() => null));
      if (up && up.status < 500) break;
      if (Date.now() > end) throw new Error(`the peer did not start in 30 s: see ${dir}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (e) {
    for (const p of procs) p.kill('SIGKILL');
    throw e;
  }
  return {
    base: `http://127.0.0.1:${port}`,
    adminToken,
    pids: () => procs.flatMap((p) => (p.pid ? [p.pid, ...children(p.pid)] : [])),
    close,
  };
}
