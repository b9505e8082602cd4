import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, ensureChromium } from './support/chromium.js';
import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';

const chromium = ensureChromium();
if ('missing' in chromium) {
  process.stderr.write(`\n*** SKIPPED test/console.e2e-spec.ts: ${chromium.missing} ***\n\n`);
}
const describeIf = 'path' in chromium ? describe : describe.skip;

interface Op {
  id: string;
  status: string;
  retry_of: string | null;
  retried_by: string | null;
  resolutions: { how: string; note?: string }[];
}

/**
 * Issue #59 item 2, the operations console at /console, in a real browser (headless
 * chromium): it lists and filters operations, shows one's steps and its live events, and its
 * cancel, retry and resolve buttons act through the operation's verbs. Screenshots of each
 * step are written to a temporary folder, named on stderr.
 */
describeIf('the operations console (headless chromium)', () => {
  let stack: TestStack;
  let browser: Browser;
  let profile: string;
  let shots: string;
  let shot = 0;

  beforeAll(async () => {
    // the reconciler stays out of the way: a needs_attention operation stays so until resolved
    // and a held call is not given up while the browser works
    stack = await TestStack.start({
      worker: 'in-process',
      env: { RECONCILE_INTERVAL_S: '3600', HV_CALL_TIMEOUT_S: '60' },
    });
    profile = mkdtempSync(join(tmpdir(), 'hvo-chromium-'));
    shots = mkdtempSync(join(tmpdir(), 'hvo-console-'));
    process.stderr.write(`console screenshots: ${shots}\n`);
    browser = await puppeteer.launch({
      executablePath: 'path' in chromium ? chromium.path : '',
      args: [...CHROMIUM_ARGS, `--user-data-dir=${profile}`],
    });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
    await stack?.close();
    process.stderr.write(`console screenshots in ${shots}\n`);
  });
  afterEach(() => request(stack.simUrl, 'DELETE', '/admin/faults'));

  const fault = (f: object) => request(stack.simUrl, 'POST', '/admin/faults', { body: f });
  const op = async (id: string): Promise<Op> =>
    (await stack.http('GET', `/operations/${id}`)).body.output as Op;
  const create = (userid: string, disks = 0, headers: Record<string, string> = {}) =>
    stack.http('POST', '/guests', {
      body: {
        guest: {
          userid,
          vcpus: 1,
          memory: 512,
          disk_list: Array.from({ length: disks }, () => ({ size: '10' })),
        },
      },
      headers,
    });
  const opId = (r: { headers: Headers }) => r.headers.get('operation-id')!;

  /** The console at `hash`, as an operator (basic auth with the admin token) sees it. */
  async function open(hash = '#/'): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 1000 });
    await page.authenticate({ username: 'ops', password: stack.adminToken });
    page.on('pageerror', (e) => process.stderr.write(`console page error: ${String(e)}\n`));
    // a confirmation is confirmed; a prompt (mark resolved) answered with a note
    page.on('dialog', (d) => {
      void (d.type() === 'prompt' ? d.accept('deleted by hand') : d.accept());
    });
    // 'load', not network idle: the page polls the list, and follows an operation's events
    await page.goto(`${stack.url}/console${hash}`, { waitUntil: 'load' });
    await page.waitForSelector('#console header');
    return page;
  }
  async function snap(page: Page, name: string): Promise<void> {
    await page.screenshot({
      path: join(shots, `${String(++shot).padStart(2, '0')}-${name}.png`),
      fullPage: true,
    });
  }
  /** The ids of the operations the list shows, once they are `want` (in any order). */
  async function listed(page: Page, want: string[]): Promise<string[]> {
    const ids = () => page.$$eval('main table.ops tbody tr', (r) => r.map((x) => x.dataset.op!));
    await eventually(
      async () => ((await ids()).sort().join() === [...want].sort().join() ? true : undefined),
      15000,
      'the listed operations',
    ).catch(async (e: Error) => {
      throw new Error(`${e.message}: ${(await ids()).join()} not ${want.join()}`);
    });
    return ids();
  }
  const text = (page: Page) => page.$eval('body', (b) => b.innerText);
  const showing = (page: Page, what: string) =>
    page.waitForFunction(`document.body.innerText.includes(${JSON.stringify(what)})`, {
      timeout: 20000,
    });

  it('refuses without credentials, and loads nothing that is not its own', async () => {
    for (const [method, path] of [
      ['GET', '/console'],
      ['GET', '/console/assets/app.js'],
      ['GET', '/console/vendor/preact.mjs'],
      ['POST', '/console/session'],
    ]) {
      const res = await request(stack.url, method, path);
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.headers.get('www-authenticate')).toContain('Basic');
      expect(res.body).toMatchObject({ overallRC: expect.any(Number) });
    }
    const wrong = await request(stack.url, 'GET', '/console', {
      headers: { authorization: `Basic ${Buffer.from('ops:nope').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    const basic = `Basic ${Buffer.from(`ops:${stack.adminToken}`).toString('base64')}`;
    const page = await request(stack.url, 'GET', '/console', { headers: { authorization: basic } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    // no file outside the fixed list is served, whatever the path asks for
    for (const path of [
      '/console/assets/../../package.json',
      '/console/vendor/preact/package.json',
    ])
      expect(
        (await request(stack.url, 'GET', path, { headers: { authorization: basic } })).status,
      ).toBe(404);
    // the session's token is an X-Auth-Token the JSON API takes
    const session = await request(stack.url, 'POST', '/console/session', {
      headers: { authorization: basic },
    });
    const token = session.headers.get('x-auth-token')!;
    expect((await request(stack.url, 'GET', '/operations', { token })).status).toBe(200);
  });

  it('lists operations, filters them by status and by guest, and shows a guest history', async () => {
    const ok1 = opId(await create('CONS01'));
    const ok2 = opId(await create('CONS02'));
    await fault({ function: 'Image_Create_DM', target: 'CONS03', rc: 596, rs: 3 });
    const failed = opId(await create('CONS03'));
    expect((await op(failed)).status).toBe('failed');

    const page = await open();
    await listed(page, [ok1, ok2, failed]);
    await snap(page, 'list');

    await page.select('form.filters select[name="status"]', 'failed');
    await page.click('form.filters button[type="submit"]');
    await listed(page, [failed]);
    expect(page.url()).toContain('status=failed');
    await snap(page, 'filtered-by-status');

    await page.click('form.filters a[href="#/"]'); // Clear
    await listed(page, [ok1, ok2, failed]);
    await page.type('form.filters input[name="userid"]', 'cons02');
    await page.click('form.filters button[type="submit"]');
    await listed(page, [ok2]);
    await snap(page, 'filtered-by-guest');

    await page.click('main table.ops a[href="#/guests/CONS02"]');
    await showing(page, 'Guest CONS02');
    await listed(page, [ok2]);
    await snap(page, 'guest-history');
    await page.close();
  }, 120_000);

  it("shows an operation's steps and live events, and cancels a running one", async () => {
    await fault({ function: 'Image_Disk_Create_DM', target: 'CONS04', hold: true });
    const id = opId(await create('CONS04', 2, { prefer: 'respond-async' }));
    // its disk call is held: the operation is surely running
    await eventually(async () => {
      const steps = (await stack.http('GET', `/operations/${id}`)).body.output.steps as {
        name: string;
        ended_at: string | null;
      }[];
      return steps.some((s) => /disk/.test(s.name) && !s.ended_at) ? true : undefined;
    });
    expect((await op(id)).status).toBe('running');

    const page = await open(`#/operations/${id}`);
    await page.waitForSelector('table.steps tbody tr');
    await page.waitForSelector('ol.events li[data-event="step"]');
    await snap(page, 'running-operation');

    await page.click('button[data-verb="cancel"]');
    await showing(page, 'cancel: accepted (HTTP 202)');
    // let the held call go: the operation stops at its next step and undoes what it did
    await request(stack.simUrl, 'POST', '/admin/faults/release');
    await page.waitForSelector('ol.events li[data-event="done"]', { timeout: 30000 });
    await page.waitForSelector('h2 .status-cancelled');
    expect((await op(id)).status).toBe('cancelled');
    expect(await text(page)).toMatch(/undo /);
    await snap(page, 'cancelled-operation');
    await page.close();
  }, 120_000);

  it('retries a failed operation and links the new one', async () => {
    await fault({ function: 'Image_Create_DM', target: 'CONS05', rc: 596, rs: 3 });
    const failed = opId(await create('CONS05'));
    expect((await op(failed)).status).toBe('failed');
    await request(stack.simUrl, 'DELETE', '/admin/faults');

    const page = await open(`#/operations/${failed}`);
    const stale = await open(`#/operations/${failed}`); // opened before the retry
    await page.waitForSelector('button[data-verb="retry"]');
    await stale.waitForSelector('button[data-verb="retry"]');
    await page.bringToFront(); // chromium answers a background tab's confirm() with false
    await page.click('button[data-verb="retry"]');
    await page.waitForSelector('a[data-link="retried_by"]');
    const retry = (await op(failed)).retried_by!;
    expect(retry).toMatch(/^[0-9a-f-]{36}$/);
    expect(await text(page)).toContain(`new operation ${retry}`);
    await snap(page, 'retried-operation');

    // the page opened before still offers retry: the refusal's errmsg is shown
    await stale.bringToFront();
    await stale.click('button[data-verb="retry"]');
    await stale.waitForSelector('p.problem');
    const refusal = await stale.$eval('p.problem', (p) => p.textContent ?? '');
    const direct = await stack.http('POST', `/operations/${failed}/retry`);
    expect(direct.status).toBe(409);
    expect(refusal).toBe(direct.body.errmsg);
    await snap(stale, 'retry-refused');
    await stale.close();

    await page.click('a[data-link="retried_by"]');
    await showing(page, 'Retry of');
    await page.waitForSelector('h2 .status-succeeded');
    expect(await op(retry)).toMatchObject({ status: 'succeeded', retry_of: failed });
    await snap(page, 'the-retry');
    await page.close();
  }, 120_000);

  it('shows needs_attention and drift at the top, and resolves it on the operator word', async () => {
    // a create whose second disk fails and whose undo (deleting the user) fails too
    await fault({
      function: 'Image_Disk_Create_DM',
      target: 'CONS06',
      match: '"vdev":"0101"',
      rc: 596,
      rs: 3,
    });
    await fault({ function: 'Image_Delete_DM', target: 'CONS06', crash: 'http500', times: 0 });
    const id = opId(await create('CONS06', 2, { prefer: 'respond-async' }));
    await eventually(async () => ((await op(id)).status === 'needs_attention' ? true : undefined));

    // and drift: a guest of the database deleted behind the service's back
    const deleted = await request(stack.simUrl, 'POST', '/smapi/Image_Delete_DM', {
      body: { target: 'CONS01' },
    });
    expect([deleted.status, deleted.body.rc]).toEqual([200, 0]);

    const page = await open();
    await page.waitForSelector(`section.attention tr[data-op="${id}"]`);
    await page.waitForSelector('section.attention table.drift a[href="#/guests/CONS01"]');
    await snap(page, 'needs-attention-and-drift');

    await page.click(`section.attention tr[data-op="${id}"] a[href="#/operations/${id}"]`);
    await page.waitForSelector('button[data-verb="mark-resolved"]');
    await page.click('button[data-verb="mark-resolved"]');
    await page.waitForSelector('h2 .status-failed');
    await showing(page, 'marked_resolved');
    expect((await op(id)).resolutions).toEqual([
      expect.objectContaining({ how: 'marked_resolved', note: 'deleted by hand' }),
    ]);
    await snap(page, 'resolved');
    await page.close();
  }, 120_000);

  it('shows a drained queue at the top until it is resumed', async () => {
    expect((await stack.http('POST', '/host/drain?queue=network')).status).toBe(200);
    const page = await open();
    await page.waitForSelector('section.drain');
    expect(await page.$eval('section.drain', (s) => s.textContent)).toContain('network (since');
    await snap(page, 'draining');
    expect((await stack.http('POST', '/host/resume?queue=network')).status).toBe(200);
    await page.waitForSelector('section.drain', { hidden: true, timeout: 30_000 });
    await page.close();
  }, 120_000);
});
