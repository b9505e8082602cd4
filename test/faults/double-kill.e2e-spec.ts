import { eventually } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { crashKit } from './support/crash-kit.js';
import { disk, guestBody } from '../support/fixtures.js';

/**
 * Issue #58 item 4: the worker killed twice while ten creates run, each time with file systems
 * being written: every create ends succeeded and no step that had finished on the hypervisor
 * (a define, a minidisk, a file system) is run again.
 */
describe('faults: worker killed twice during a burst of creates', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      latency: 'realistic',
      env: { WORKER_LOCK_S: '1', RECONCILE_INTERVAL_S: '1', SHUTDOWN_GRACE_S: '1' },
    });
  });
  afterAll(() => stack.close());

  it('runs each finished step once across two kills', async () => {
    const kit = crashKit(stack);
    const ids = Array.from({ length: 10 }, (_, i) => `DK${String(i).padStart(2, '0')}`);
    const locations = await Promise.all(
      ids.map(async (userid) => {
        const res = await stack.http('POST', '/guests', {
          // the root disk gets no file system (deploy writes it); the data disk gets one
          body: guestBody({ userid, disks: [disk('1g'), disk('1g', { format: 'ext4' })] }),
          headers: { prefer: 'respond-async' },
        });
        expect(res.status).toBe(202);
        return res.headers.get('location')!;
      }),
    );
    const formatting = async (): Promise<number> =>
      (await kit.log()).filter((c) => c.function === 'installfs' && c.end === null).length;
    // each kill while file systems are being written: their calls go on without the worker
    let seen = '';
    for (let kill = 0; kill < 2; kill++) {
      const before = (await kit.log()).filter((c) => c.function === 'installfs').length;
      await eventually(
        async () => {
          const log = await kit.log();
          seen = JSON.stringify(log.map((c) => [c.function, c.target, c.end === null]));
          const all = log.filter((c) => c.function === 'installfs');
          return all.length > before && (await formatting()) > 0 ? 1 : undefined;
        },
        90_000,
        () => `a file system being written: ${seen}`,
      );
      await stack.killWorkerProcess();
      await stack.startWorkerProcess();
    }
    const ops = await Promise.all(locations.map((l) => kit.ended(l)));

    expect(ops.map((o) => o.status)).toEqual(ids.map(() => 'succeeded'));
    const log = await kit.log();
    for (const id of ids) {
      const of = (fn: string) => log.filter((c) => c.function === fn && c.target === id).length;
      expect({ id, define: of('Image_Create_DM'), disks: of('Image_Disk_Create_DM') }).toEqual({
        id,
        define: 1,
        disks: 2,
      });
      expect({ id, format: of('installfs') }).toEqual({ id, format: 1 });
    }
  }, 240_000);
});
