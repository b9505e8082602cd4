import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_ARGS, ensureChromium } from './support/chromium.js';
import { TestStack } from './support/stack.js';

const chromium = ensureChromium();
/**
 * The service is browsed under a name, as on a management node: pages behave differently on
 * loopback (Swagger UI asks its online validator only for a spec not on localhost).
 */
const SERVICE_NAME = 'hvo-airgap.test';

if ('missing' in chromium) {
  // loud, not silent: this test proves the air gap and did not run
  process.stderr.write(`\n*** SKIPPED test/air-gap.e2e-spec.ts: ${chromium.missing} ***\n\n`);
}
const describeIf = 'path' in chromium ? describe : describe.skip;

/**
 * Issue #26, air-gapped dashboard: a management node reaches no other host, so the Bull
 * dashboard, the operations console (issue #59) and /docs, loaded in a real browser (Debian's
 * chromium, headless), must ask nothing of any host but the service's own. Every request the
 * pages make is recorded.
 */
describeIf('pages load nothing from another host (headless chromium)', () => {
  let stack: TestStack;
  let browser: Browser;
  let profile: string;

  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'none' });
    profile = mkdtempSync(join(tmpdir(), 'hvo-chromium-'));
    browser = await puppeteer.launch({
      executablePath: 'path' in chromium ? chromium.path : '',
      args: [
        ...CHROMIUM_ARGS,
        `--user-data-dir=${profile}`,
        `--host-resolver-rules=MAP ${SERVICE_NAME} 127.0.0.1`,
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
    await stack?.close();
  });

  /** Loads `path` until the network is idle; every URL the page asked for. */
  async function load(path: string, auth = false): Promise<{ urls: string[]; text: string }> {
    const page = await browser.newPage();
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    if (auth) await page.authenticate({ username: 'ops', password: stack.adminToken });
    const base = new URL(stack.url);
    base.hostname = SERVICE_NAME;
    const res = await page.goto(new URL(path, base).href, { waitUntil: 'networkidle0' });
    expect(res?.status()).toBe(200);
    const text = await page.$eval(
      'body',
      (body) => (body as { innerText?: string }).innerText ?? '',
    );
    await page.close();
    return { urls, text };
  }

  /** Requests to any host but the service's (data: and blob: URLs are no request out). */
  const foreign = (urls: string[]) =>
    urls.filter((u) => {
      const { protocol, hostname } = new URL(u);
      return protocol !== 'data:' && protocol !== 'blob:' && hostname !== SERVICE_NAME;
    });

  it('the Bull dashboard', async () => {
    const { urls, text } = await load('/admin/queues', true);
    expect(urls.length).toBeGreaterThan(3); // the page, its scripts, its api calls
    expect(text).toContain('guest-lifecycle'); // it rendered its queues
    expect(foreign(urls)).toEqual([]);
  });

  it('the operations console', async () => {
    const { urls, text } = await load('/console', true);
    // the page, its own modules and the UI library's, its API calls
    expect(urls.some((u) => u.endsWith('/console/vendor/preact.mjs'))).toBe(true);
    expect(urls.some((u) => new URL(u).pathname === '/operations')).toBe(true);
    expect(text).toContain('Operations'); // it rendered
    expect(foreign(urls)).toEqual([]);
  });

  it('/docs', async () => {
    const { urls, text } = await load('/docs');
    expect(urls.some((u) => u.endsWith('/openapi.json'))).toBe(true);
    expect(text).toContain('hv-orchestrator');
    expect(foreign(urls)).toEqual([]);
  });
});
