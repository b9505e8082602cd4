import { request } from './support/http.js';
import { TestStack } from './support/stack.js';

/** Rounds per loop: enough that the two processes' transactions overlap many times. */
const TEMPLATE_ROUNDS = 10;
const VOLUME_ROUNDS = 5;
const GUESTS = Array.from({ length: 6 }, (_, i) => `DBC0${i + 1}`);
const WWPN = '0x5005076802100c1a';
const LUN = '0x0001000000000000';

interface Failure {
  what: string;
  status: number;
  errmsg: string;
}

/**
 * Issue #23 item 3: FCP templates, connector reservations and attach/detach jobs at once, the
 * api and a worker process writing the same database (on SQLite: one file, two connections).
 * Contention must queue or retry, never answer a 5xx ("database is locked", "Operation has
 * timed out", a transaction that could not start in time).
 */
describe('database concurrency (#23.3)', () => {
  let stack: TestStack;
  let attachTemplate: string;
  const failures: Failure[] = [];
  let attached = 0;

  /** Records any 5xx; returns the body. */
  const call = async (what: string, method: string, path: string, body?: unknown) => {
    const res = await stack.http(method, path, body === undefined ? {} : { body });
    if (res.status >= 500) failures.push({ what, status: res.status, errmsg: res.body?.errmsg });
    return res;
  };
  const rounds = async (n: number, fn: (i: number) => Promise<void>) => {
    for (let i = 0; i < n; i++) await fn(i);
  };

  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'process' });
    for (const g of GUESTS) {
      const made = await request(stack.simUrl, 'POST', '/smapi/Image_Create_DM', {
        body: { target: g, params: { directory: [`USER ${g} PW 1G 2G G`] } },
      });
      expect(made.body.rc).toBe(0);
    }
    const t = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'dbc-attach', fcp_devices: '1a00-1a07;1b00-1b07' },
    });
    expect(t.status).toBe(200);
    attachTemplate = t.body.output.fcp_template.id;
  });
  afterAll(() => stack.close());

  /** Template churn: create, read with statistics (and a sync), edit, delete. */
  const templates = (n: number) =>
    rounds(TEMPLATE_ROUNDS, async (i) => {
      const [a, b] = [`1a0${(8 + n).toString(16)}`, `1b0${(8 + n).toString(16)}`];
      const made = await call('create template', 'POST', '/volumes/fcptemplates', {
        name: `churn-${n}-${i}`,
        fcp_devices: `${a};${b}`,
        storage_providers: [`sp-${n}`],
      });
      const id = made.body?.output?.fcp_template?.id as string | undefined;
      const sync = i % 3 === 0 ? '&sync_with_hv=true' : '';
      await call('template detail', 'GET', `/volumes/fcptemplates/detail?raw=true${sync}`);
      if (!id) return;
      await call('edit template', 'PUT', `/volumes/fcptemplates/${id}`, {
        description: `edit ${i}`,
        fcp_devices: `${a},1a0f;${b}`,
      });
      await call('list templates', 'GET', '/volumes/fcptemplates');
      await call('delete template', 'DELETE', `/volumes/fcptemplates/${id}`);
    });

  /** A guest's volume life: reserve, attach (a job), detach (a job), release. */
  const volumes = (guest: string) =>
    rounds(VOLUME_ROUNDS, async () => {
      const conn = (reserve: boolean) =>
        call(
          reserve ? 'reserve' : 'release',
          'GET',
          `/volumes/conn/${guest}?reserve=${reserve}&fcp_template_id=${attachTemplate}`,
        );
      const fcps = (await conn(true)).body?.output?.zvm_fcp as string[] | undefined;
      if (fcps?.length) {
        const connection = {
          info: {
            connection: {
              assigner_id: guest.toLowerCase(),
              zvm_fcp: fcps,
              fcp_template_id: attachTemplate,
              target_wwpn: [WWPN],
              target_lun: LUN,
              os_version: 'rhel9.0',
              multipath: true,
              mount_point: '/dev/sdz',
            },
          },
        };
        if ((await call('attach', 'POST', '/guests/volumes', connection)).status === 200)
          attached++;
        await call('fcp usage', 'GET', `/volumes/fcp/${fcps[0]}`);
        await call('detach', 'DELETE', '/guests/volumes', connection);
      }
      await conn(false);
    });

  it('answers FCP templates, reservations and attach/detach at once without a 5xx', async () => {
    await Promise.all([...[0, 1, 2, 3].map((n) => templates(n)), ...GUESTS.map((g) => volumes(g))]);
    expect(failures).toEqual([]);
    expect(attached).toBeGreaterThan(0); // the jobs ran, not only their refusals
    // every job ended, none failed on the database
    const failed = await stack.http('GET', '/operations?status=failed&limit=100');
    expect(failed.body.output.operations).toEqual([]);
    expect(stack.workerProcessAlive()).toBe(true);
  }, 240_000); // over HV_TRANSPORT=smapi on a loaded machine, a minute was not always enough
});
