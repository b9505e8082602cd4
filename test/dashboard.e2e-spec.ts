import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, ensureChromium } from './support/chromium.js';
import { eventually, request } from './support/http.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { disk, guestBody } from './support/fixtures.js';

const chromium = ensureChromium();
if ('missing' in chromium) {
  process.stderr.write(`\n*** SKIPPED test/dashboard.e2e-spec.ts: ${chromium.missing} ***\n\n`);
}
const describeIf = 'path' in chromium ? describe : describe.skip;

const OPERATION_QUEUES = [
  'guest-lifecycle',
  'guest-image',
  'image-repository',
  'guest-migration',
  'network',
];
const JOB_STATES = ['active', 'waiting', 'prioritized', 'delayed', 'failed', 'completed', 'paused'];

interface BoardJob {
  id: string;
  name: string;
  failedReason?: string;
  stacktrace?: string[] | null;
  returnValue?: { overallRC?: number } | null;
  isFailed: boolean;
}
interface Op {
  id: string;
  status: string;
  response: { errmsg: string } | null;
  retry_of: string | null;
}

/**
 * Issue #59: the Bull dashboard is what operators watch, so it must agree with /operations.
 * A failed deploy, a cancelled create and a succeeded start; every button the board shows on
 * every operation queue and job state is pressed in a real browser (a confirmation confirmed);
 * then every job is compared with its operation. With DASHBOARD_ACTIONS=verbs a failed job's
 * retry runs the operation's retry verb; by default the board changes nothing.
 */
describeIf('the dashboard agrees with /operations (headless chromium)', () => {
  let browser: Browser;
  let profile: string;
  let shots: string;
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'hvo-chromium-'));
    shots = mkdtempSync(join(tmpdir(), 'hvo-dashboard-'));
    process.stderr.write(`dashboard screenshots: ${shots}\n`);
    browser = await puppeteer.launch({
      executablePath: 'path' in chromium ? chromium.path : '',
      args: [...CHROMIUM_ARGS, `--user-data-dir=${profile}`],
    });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  /** The scenario: ids of a failed deploy, a cancelled create and a succeeded start. */
  async function scenario(stack: TestStack): Promise<Record<string, string>> {
    const opId = (r: { headers: Headers }) => r.headers.get('operation-id')!;
    const op = async (id: string) => (await stack.http('GET', `/operations/${id}`)).body.output;
    await importSampleImage(stack, 'dash-img');
    const guest = (userid: string, disks: string[]) =>
      stack.http('POST', '/guests', {
        body: guestBody({
          userid,
          disks: disks.map((size, i) => ({ size, is_boot_disk: i === 0 })),
        }),
      });
    await guest('DASH01', ['5']); // 10 cylinders of image on 5: the deploy fails
    const deploy = await stack.http('POST', '/guests/DASH01/action', {
      body: { action: 'deploy', image: 'dash-img' },
    });
    expect((await op(opId(deploy))).status).toBe('failed');

    await request(stack.simUrl, 'POST', '/admin/faults', {
      body: { function: 'Image_Disk_Create_DM', target: 'DASH02', hang_ms: 3000, times: 1 },
    });
    const create = await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'DASH02', disks: [disk('5'), disk('5')] }),
      headers: { prefer: 'respond-async' },
    });
    const created = opId(create);
    await eventually(async () => ((await op(created)).status === 'running' ? true : undefined));
    await stack.http('POST', `/operations/${created}/cancel`);
    expect((await op(created)).status).toBe('cancelled');

    await guest('DASH03', ['5']);
    const start = await stack.http('POST', '/guests/DASH03/action', { body: { action: 'start' } });
    expect(start.status).toBe(200);
    return { deploy: opId(deploy), create: created, start: opId(start) };
  }

  /** Every job of the operation queues as the board's own API shows it. */
  async function boardJobs(
    stack: TestStack,
  ): Promise<(BoardJob & { queue: string; state: string })[]> {
    const auth = `Basic ${Buffer.from(`ops:${stack.adminToken}`).toString('base64')}`;
    const out: (BoardJob & { queue: string; state: string })[] = [];
    for (const queue of OPERATION_QUEUES) {
      for (const state of JOB_STATES) {
        const res = await request(
          stack.url,
          'GET',
          `/admin/queues/api/queues?activeQueue=${queue}&status=${state}&page=1&jobsPerPage=100`,
          { headers: { authorization: auth } },
        );
        const q = (res.body.queues as { name: string; jobs: BoardJob[] }[]).find(
          (x) => x.name === queue,
        );
        out.push(...(q?.jobs ?? []).map((j) => ({ ...j, queue, state })));
      }
    }
    return out;
  }

  /** Where a job and its operation disagree (empty: they agree). */
  async function disagreements(stack: TestStack): Promise<string[]> {
    const out: string[] = [];
    for (const job of await boardJobs(stack)) {
      const res = await stack.http('GET', `/operations/${job.id}`);
      const op = res.body.output as Op;
      const say = (why: string) => out.push(`${job.id} (${job.name}, ${job.state}): ${why}`);
      if (res.status !== 200) {
        say('no operation');
        continue;
      }
      const cancelledValue = (job.returnValue?.overallRC ?? 0) > 0;
      if (job.state === 'completed') {
        if (op.status === 'succeeded' && cancelledValue) say('completed as cancelled, succeeded');
        if (op.status === 'cancelled' && !cancelledValue) say('completed as success, cancelled');
        if (op.status === 'cancelled' && !job.name.endsWith('(cancelled)')) say('name hides it');
        if (!['succeeded', 'cancelled'].includes(op.status)) say(`completed, op ${op.status}`);
        if (job.isFailed) say('completed yet shown as failed');
      } else if (job.state === 'failed') {
        if (!['failed', 'needs_attention'].includes(op.status)) say(`failed, op ${op.status}`);
        if (job.failedReason !== op.response?.errmsg) say(`reason ${job.failedReason}`);
        if (job.stacktrace?.length) say('a stack trace');
      } else if (job.state === 'active') {
        if (op.status !== 'running') say(`active, op ${op.status}`);
      } else if (!['queued', 'running'].includes(op.status)) {
        say(`${job.state}, op ${op.status}`);
      }
    }
    return out;
  }

  /** A page of the board, as an operator (basic auth with the admin token) sees it. */
  async function open(stack: TestStack, path: string): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewport({ width: 1800, height: 1200 });
    await page.authenticate({ username: 'ops', password: stack.adminToken });
    await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle0' });
    return page;
  }

  /**
   * Presses every button of the board's main area on every operation queue and job state
   * (menus opened and each item pressed, confirmations confirmed); the board's changes asked
   * for and how they were answered.
   */
  async function pressEverything(stack: TestStack, label: string): Promise<string[]> {
    const changes: string[] = [];
    let shot = 0;
    // the pages that show jobs (an empty one offers only the queue's menu, shown there too)
    const shown = new Map<string, Set<string>>();
    for (const j of await boardJobs(stack)) {
      shown.set(j.queue, (shown.get(j.queue) ?? new Set(['latest'])).add(j.state));
    }
    for (const [queue, states] of shown) {
      for (const state of states) {
        const page = await open(stack, `/admin/queues/queue/${queue}?status=${state}`);
        page.on('response', (r) => {
          if (r.request().method() !== 'GET' && r.url().includes('/admin/queues/api/')) {
            void r.text().then(
              (t) => changes.push(`${r.request().method()} ${r.url()} -> ${r.status()} ${t}`),
              () => changes.push(`${r.request().method()} ${r.url()} -> ${r.status()}`),
            );
          }
        });
        const count = await page.$$eval('main button', (b) => b.length);
        for (let i = 0; i < count; i++) {
          const buttons = await page.$$('main button');
          const button = buttons[i];
          if (!button) break;
          await button.click().catch(() => undefined);
          await new Promise((r) => setTimeout(r, 150));
          await pressMenuAndDialogs(page);
        }
        const path = join(
          shots,
          `${label}-${String(++shot).padStart(2, '0')}-${queue}-${state}.png`,
        );
        await page.screenshot({ path, fullPage: true });
        await page.close();
      }
    }
    process.stderr.write(`dashboard screenshots (${label}) in ${shots}\n`);
    return changes;
  }

  /** Presses every item of an open menu (reopening it), and confirms an open dialog. */
  async function pressMenuAndDialogs(page: Page): Promise<void> {
    const items = await page.$$('[role="menuitem"]');
    if (items.length) {
      const texts = await Promise.all(items.map((i) => i.evaluate((e) => e.textContent ?? '')));
      await page.keyboard.press('Escape');
      for (const text of texts) {
        const trigger = await page.$('main button[aria-haspopup], main [aria-haspopup] ');
        await trigger?.click().catch(() => undefined);
        const again = await page.$$('[role="menuitem"]');
        for (const item of again) {
          if ((await item.evaluate((e) => e.textContent ?? '')) === text) {
            await item.click().catch(() => undefined);
            break;
          }
        }
        await new Promise((r) => setTimeout(r, 150));
        await confirmDialog(page);
      }
      return;
    }
    await confirmDialog(page);
  }

  async function confirmDialog(page: Page): Promise<void> {
    const dialogButtons = await page.$$('[role="dialog"] button, [role="alertdialog"] button');
    for (const b of dialogButtons.reverse()) {
      const text = (await b.evaluate((e) => e.textContent ?? '')).trim();
      if (text && !/cancel|close/i.test(text)) {
        await b.click().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 300));
        break;
      }
    }
    await page.keyboard.press('Escape');
  }

  describe('DASHBOARD_ACTIONS=verbs', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await TestStack.start({
        worker: 'in-process',
        env: { DASHBOARD_ACTIONS: 'verbs' },
      });
    });
    afterAll(() => stack?.close());

    it('every button pressed, every job agrees with its operation', async () => {
      const ids = await scenario(stack);
      expect(await disagreements(stack)).toEqual([]);

      const changes = await pressEverything(stack, 'verbs');
      // the failed deploy's retry ran the retry verb: a new operation linked to it
      const deploy = (await stack.http('GET', `/operations/${ids.deploy}`)).body.output;
      expect(deploy.status).toBe('failed');
      expect(deploy.retried_by).toMatch(/^[0-9a-f-]{36}$/);
      const retry = await eventually(async () => {
        const o = (await stack.http('GET', `/operations/${deploy.retried_by}`)).body.output;
        return ['failed', 'succeeded'].includes(o.status) ? (o as Op) : undefined;
      });
      expect(retry.retry_of).toBe(ids.deploy);
      expect(retry.status).toBe('failed'); // the disk is still too small
      // the other operations are as they were
      expect((await stack.http('GET', `/operations/${ids.create}`)).body.output.status).toBe(
        'cancelled',
      );
      expect((await stack.http('GET', `/operations/${ids.start}`)).body.output.status).toBe(
        'succeeded',
      );
      // every change the board asked for went through a verb or was refused with a message
      expect(changes.length).toBeGreaterThan(0);
      for (const c of changes) {
        expect(c).toMatch(/-> (200 .*retried as operation|204|40[45] .*\/operations|409 .*)/);
      }
      expect(changes.some((c) => /\/retry -> 200/.test(c))).toBe(true);
      expect(await disagreements(stack)).toEqual([]);
    }, 300_000);
  });

  describe('by default', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await TestStack.start({ worker: 'in-process' });
    });
    afterAll(() => stack?.close());

    it('is read-only: no change goes through, and the board agrees with /operations', async () => {
      const ids = await scenario(stack);
      const changes = await pressEverything(stack, 'default');
      for (const c of changes) expect(c).toMatch(/-> 405 .*\/operations/);
      // the board's own API refuses every change too, saying where to act
      const auth = {
        authorization: `Basic ${Buffer.from(`ops:${stack.adminToken}`).toString('base64')}`,
      };
      for (const [method, path] of [
        ['PUT', `/guest-image/${ids.deploy}/retry`],
        ['PUT', `/guest-image/${ids.deploy}/clean`],
        ['PUT', `/guest-image/${ids.deploy}/promote`],
        ['PATCH', `/guest-image/${ids.deploy}/update-data`],
        ['PUT', '/guest-image/retry/failed'],
        ['PUT', '/guest-image/clean/completed'],
        ['PUT', '/guest-image/empty'],
        ['PUT', '/guest-image/pause'],
        ['POST', '/guest-image/add'],
      ] as const) {
        const res = await request(stack.url, method, `/admin/queues/api/queues${path}`, {
          headers: auth,
          body: { data: {}, name: 'x', cleanJobsOlderThan: 0 },
        });
        expect([method, path, res.status]).toEqual([method, path, 405]);
        expect(res.text).toContain(`/operations`);
      }
      const deploy = (await stack.http('GET', `/operations/${ids.deploy}`)).body.output;
      expect(deploy).toMatchObject({ status: 'failed', retried_by: null });
      expect(await disagreements(stack)).toEqual([]);
    }, 300_000);
  });
});
