import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { disk, guestBody } from './support/fixtures.js';

const KEYS = [
  'guest_cpus',
  'used_cpu_time_us',
  'elapsed_cpu_time_us',
  'min_cpu_count',
  'max_cpu_limit',
  'samples_cpu_in_use',
  'samples_cpu_delay',
  'used_mem_kb',
  'max_mem_kb',
  'min_mem_kb',
  'shared_mem_kb',
  'total_memory',
  'available_memory',
  'free_memory',
];

/** GET /guests/stats (spec §4.5, reference §10 item 22). */
describe('guest statistics', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await importSampleImage(stack, 'sta-img');
    for (const [userid, start] of [
      ['STA01', true],
      ['STA02', false],
    ] as const) {
      const created = await stack.http('POST', '/guests', {
        body: guestBody({ userid, vcpus: 2, memory: 2048, max_mem: '4G', disks: [disk('10')] }),
      });
      expect(created.status).toBe(200);
      const act = (body: object) => stack.http('POST', `/guests/${userid}/action`, { body });
      expect((await act({ action: 'deploy', image: 'sta-img' })).status).toBe(200);
      if (start) expect((await act({ action: 'start' })).status).toBe(200);
    }
  });
  afterAll(() => stack.close());

  const stats = (q: string) => stack.http('GET', `/guests/stats?userid=${q}`);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("answers the spec's 14 integer keys for running guests; off guests are absent", async () => {
    const res = await stats(' sta01 , STA02,');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null });
    expect(Object.keys(res.body.output)).toEqual(['STA01']);
    const s = res.body.output.STA01;
    expect(Object.keys(s).sort()).toEqual([...KEYS].sort());
    for (const k of KEYS) expect(Number.isInteger(s[k])).toBe(true);
    expect(s).toMatchObject({
      guest_cpus: 2,
      min_cpu_count: 2,
      max_cpu_limit: 10000,
      max_mem_kb: 4 * 1024 * 1024,
      min_mem_kb: 0,
      shared_mem_kb: 0,
    });
    expect(s.used_mem_kb).toBeGreaterThan(0);
    expect(s.used_mem_kb).toBeLessThan(2048 * 1024);
    // the guest OS's own view of its memory
    expect(s.total_memory).toBeGreaterThan(0);
    expect(s.total_memory).toBeLessThanOrEqual(2048 * 1024);
    expect(s.free_memory).toBeLessThan(s.available_memory);
    expect(s.available_memory).toBeLessThanOrEqual(s.total_memory);

    expect((await stats('STA02')).body.output).toEqual({});
  });

  it('moves while the guest runs: CPU time, samples and memory in use change', async () => {
    const first = (await stats('STA01')).body.output.STA01;
    await sleep(1500);
    const second = (await stats('STA01')).body.output.STA01;
    expect(second.used_cpu_time_us).toBeGreaterThan(first.used_cpu_time_us);
    expect(second.elapsed_cpu_time_us - first.elapsed_cpu_time_us).toBeGreaterThanOrEqual(
      1_400_000,
    );
    // a light load: well under the elapsed time × CPUs
    expect(second.used_cpu_time_us).toBeLessThan(second.elapsed_cpu_time_us * 2 * 0.2);
    expect(second.samples_cpu_in_use).toBeGreaterThanOrEqual(first.samples_cpu_in_use);
    expect(second.used_mem_kb).not.toBe(first.used_mem_kb);
    // /info follows the same counters
    const info = (await stack.http('GET', '/guests/STA01/info')).body.output;
    expect(info.cpu_time_us).toBeGreaterThan(second.used_cpu_time_us);
    expect(info.mem_kb).toBeGreaterThan(0);
  });

  it('answers 404 for a userid the service does not manage, 400 for a bad list', async () => {
    const unknown = await stats('STA01,NOSUCH');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ overallRC: 404, rc: 404, rs: 1, modID: 10, output: '' });
    expect(unknown.body.errmsg).toBe("Guest 'NOSUCH' does not exist.");

    const bad = await stats('abc,@@@@@');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ overallRC: 400, rs: 400, modID: 120 });
    expect((await stats('TOOLONGID1')).status).toBe(400);

    const none = await stack.http('GET', '/guests/stats');
    expect(none.status).toBe(200);
    expect(none.body.output).toEqual({});
  });
});
