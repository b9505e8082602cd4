import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from '../support/http.js';
import {
  importSampleImage,
  SAMPLE_OS_RELEASE,
  sampleImageStream,
} from '../support/sample-image.js';
import { TestStack } from '../support/stack.js';
import { crashKit } from './support/crash-kit.js';
import { bootDisk, guestBody } from '../support/fixtures.js';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
/** Our images' header: creatediskimage's, one 512-byte block. */
const IMAGE_HEADER = 512;

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * kill -9 of the worker at each hypervisor step of a deploy and of a capture: the resumed
 * operation probes the step in flight and adopts what it did, so each effect happens once.
 */
describe('faults: worker killed mid-deploy or mid-capture', () => {
  let stack: TestStack;
  let kit: ReturnType<typeof crashKit>;
  let imageMd5: string;
  let imageFileMd5: string;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      env: { WORKER_LOCK_S: '1', RECONCILE_INTERVAL_S: '1', SHUTDOWN_GRACE_S: '1' },
    });
    kit = crashKit(stack);
    await importSampleImage(stack, 'fault-img');
    const image = await collect(
      sampleImageStream({ cylinders: 10, label: SAMPLE_OS_RELEASE, level: 6 }),
    );
    imageMd5 = md5(gunzipSync(image.subarray(IMAGE_HEADER)));
    imageFileMd5 = md5(image);
  });
  afterAll(() => stack.close());

  const guest = async (userid: string) => {
    const res = await stack.http('POST', '/guests', {
      body: guestBody({ userid, disks: [bootDisk('10')] }),
    });
    expect(res.status).toBe(200);
  };
  const action = async (userid: string, body: object) => {
    const res = await stack.http('POST', `/guests/${userid}/action`, {
      body,
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    return res.headers.get('location')!;
  };

  // the last column: which call of its function on the guest the fault holds
  it.each([
    ['punch iucv authorisation', 'punch', 'iucvauth.sh', 'FDP01', 1],
    ['punch host name', 'punch', 'hostname.sh', 'FDP02', 2],
    ['copy image', 'unpackdiskimage', undefined, 'FDP03', 1],
  ])('deploy: adopts "%s" done while its worker died', async (step, fn, match, userid, nth) => {
    await guest(userid);
    await kit.fault({ function: fn, target: userid, hold: true, ...(match ? { match } : {}) });
    const location = await action(userid, {
      action: 'deploy',
      image: 'fault-img',
      hostname: 'fdp.example.com',
    });
    await kit.crashDuring(fn, userid, nth);
    const op = await kit.ended(location);

    expect(op.status).toBe('succeeded');
    expect(op.attempts).toBe(2);
    expect(op.steps.filter((s: { name: string }) => s.name === step).pop().detail).toMatch(
      /adopted/,
    );
    // each effect once: two punches, one copy; the reader and the disk are the deploy's
    expect(await kit.applied('punch', userid)).toHaveLength(2);
    expect(await kit.applied('unpackdiskimage', userid)).toHaveLength(1);
    const user = await kit.simUser(userid);
    expect(user!.reader.map((f: { name: string }) => f.name)).toEqual([
      'iucvauth.sh',
      'hostname.sh',
    ]);
    const disk = await request(stack.simUrl, 'GET', `/admin/minidisks/${userid}/0100/md5`);
    expect(disk.body.md5).toBe(imageMd5);
    // ended once, and the guest's line is free: a later operation on it runs
    const start = await stack.http('POST', `/guests/${userid}/action`, {
      body: { action: 'start' },
    });
    expect(start.status).toBe(200);
    expect((await stack.http('GET', location)).body.output.finished_at).toBe(op.finished_at);
  });

  /** A guest deployed from the image and running its OS, as a capture finds it. */
  const running = async (userid: string) => {
    await guest(userid);
    for (const body of [{ action: 'deploy', image: 'fault-img' }, { action: 'start' }]) {
      const res = await stack.http('POST', `/guests/${userid}/action`, { body });
      expect(res.status).toBe(200);
    }
  };

  // a capture whose worker died never received the image it read: that step runs again
  it.each([
    ['deactivate', 'Image_Deactivate', 'FCP01', 're-run'],
    ['capture disk', 'creatediskimage', 'FCP02', 're-run'],
    ['restart guest', 'Image_Activate', 'FCP03', 'adopted'],
  ])('capture: resumes after a crash in "%s" with one image', async (step, fn, userid, how) => {
    await running(userid);
    const activatedBefore = (await kit.applied('Image_Activate', userid)).length;
    const name = `cap-${userid.toLowerCase()}`;
    await kit.fault({ function: fn, target: userid, hold: true });
    const location = await action(userid, { action: 'capture', image: name, compress_level: 6 });
    await kit.crashDuring(fn, userid);
    const op = await kit.ended(location);

    expect(op.status).toBe('succeeded');
    expect(op.attempts).toBe(2);
    const records = op.steps.filter((s: { name: string }) => s.name === step);
    if (how === 'adopted') expect(records.pop().detail).toMatch(/adopted/);
    else expect(records.map((r: { result?: string }) => r.result)).toEqual([null, 'ok']);
    // one image, registered once, its file the disk's capture (deterministic at one level)
    const images = (await stack.http('GET', '/images')).body.output as { imagename: string }[];
    expect(images.filter((i) => i.imagename === name)).toEqual([
      expect.objectContaining({ md5sum: imageFileMd5 }),
    ]);
    const staging = join(stack.config.IMAGE_REPOSITORY, 'staging');
    expect((await readdir(staging)).filter((f) => f.includes(op.id))).toEqual([]);
    // the guest was restarted once, and the row agrees: running
    expect((await kit.applied('Image_Activate', userid)).length - activatedBefore).toBe(1);
    expect((await kit.simUser(userid))!.power).toBe('on');
    expect((await stack.http('GET', `/guests/${userid}/power_state`)).body.output).toBe('on');
    const stop = await stack.http('POST', `/guests/${userid}/action`, { body: { action: 'stop' } });
    expect(stop.status).toBe(200);
    expect((await stack.http('GET', location)).body.output.finished_at).toBe(op.finished_at);
  });
});
