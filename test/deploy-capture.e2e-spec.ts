import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SAMPLE_OS_RELEASE, sampleImageStream } from './support/sample-image.js';
import { eventually, request } from './support/http.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, guestBody } from './support/fixtures.js';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
/** Our images' header: creatediskimage's, one 512-byte block. */
const IMAGE_HEADER = 512;

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Deploy and capture with real bytes: file upload → import → deploy → capture → export. */
describe('deploy and capture', () => {
  let stack: TestStack;
  let image: Buffer;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    image = await collect(sampleImageStream({ cylinders: 10, label: SAMPLE_OS_RELEASE, level: 6 }));
  });
  afterAll(() => stack.close());

  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, { body });
  const action = (userid: string, body: object, headers: Record<string, string> = {}) =>
    stack.http('POST', `/guests/${userid}/action`, { body, headers });

  it('round-trips an image through a guest byte for byte', async () => {
    // upload and import
    const up = await fetch(`${stack.url}/files`, {
      method: 'PUT',
      headers: { 'x-auth-token': await stack.token(), 'content-type': 'application/octet-stream' },
      body: image,
    });
    const file = ((await up.json()) as { output: any }).output;
    expect(file).toMatchObject({ filesize_in_bytes: image.length, md5sum: md5(image) });
    const imported = await stack.http('POST', '/images', {
      body: {
        image: {
          image_name: 'rt-src',
          url: file.dest_url,
          image_meta: { os_version: 'rhel9.0', md5sum: md5(image) },
        },
      },
    });
    expect(imported.status).toBe(200);

    // a guest whose root disk is exactly the image's size, deploy, start
    await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'RT01', memory: 1024, disks: [bootDisk('10'), disk('5')] }),
    });
    await sim('POST', '/admin/faults', {
      function: 'unpackdiskimage',
      target: 'RT01',
      hang_ms: 300,
    });
    const deploy = await action(
      'RT01',
      { action: 'deploy', image: 'rt-src', hostname: 'rt01.example.com' },
      { prefer: 'respond-async' },
    );
    expect(deploy.status).toBe(202);
    const deployed = await eventually(async () => {
      const op = (await stack.http('GET', deploy.headers.get('location')!)).body.output;
      return op.status === 'succeeded' ? op : undefined;
    });
    expect(deployed.steps.map((s: any) => s.name)).toEqual([
      'punch iucv authorisation',
      'punch host name',
      'copy image',
      'record os version',
    ]);
    const rootDisk = (await sim('GET', '/admin/minidisks/RT01/0100/md5')).body;
    const content = gunzipSync(image.subarray(IMAGE_HEADER));
    expect(rootDisk).toEqual({ md5: md5(content), bytes: content.length });
    const user = (await sim('GET', '/admin/state')).body.users.find(
      (u: any) => u.userid === 'RT01',
    );
    expect(user.power).toBe('off'); // deploy leaves the guest off
    expect(user.reader.map((f: any) => f.name)).toEqual(['iucvauth.sh', 'hostname.sh']);
    expect((await action('RT01', { action: 'start' })).status).toBe(200);
    const booted = (await sim('GET', '/admin/state')).body.users.find(
      (u: any) => u.userid === 'RT01',
    );
    expect(booted.os).toEqual({ distro: 'rhel9.0', kernel: '5.14.0-70.13.1.el9_0.s390x' }); // from the image

    // capture (the guest is running: its OS shuts down cleanly, then it is restarted) and export
    const capture = await action('RT01', { action: 'capture', image: 'rt-cap', compress_level: 6 });
    expect(capture.status).toBe(200);
    expect((await stack.http('GET', '/guests/RT01/power_state')).body.output).toBe('on');
    const history = (await stack.http('GET', '/guests/RT01/operations')).body.output.operations;
    const captured = history.find((o: any) => o.kind === 'guest.capture');
    expect(captured.steps.map((st: any) => [st.name, st.result])).toEqual([
      ['shutdown os', 'ok'],
      ['deactivate', 'ok'],
      ['wait off', 'ok'],
      ['capture disk', 'ok'],
      ['record image', 'ok'],
      ['restart guest', 'ok'],
    ]);
    const exportDir = join(stack.config.DATA_DIR, 'export');
    const exported = await stack.http('PUT', '/images/rt-cap', {
      body: { location: { dest_url: `file://${exportDir}/rt-cap.img` } },
    });
    expect(exported.status).toBe(200);
    const bytes = readFileSync(join(exportDir, 'rt-cap.img'));
    expect(md5(gunzipSync(bytes.subarray(IMAGE_HEADER)))).toBe(rootDisk.md5); // the deployed disk's content
    expect(md5(bytes)).toBe(md5(image)); // and the very same file as the source image
    expect(exported.body.output).toMatchObject({
      image_name: 'rt-cap',
      os_version: 'rhel9.0',
      md5sum: md5(bytes),
    });

    const list = (await stack.http('GET', '/images')).body.output;
    const byName = Object.fromEntries(list.map((r: any) => [r.imagename, r]));
    for (const name of ['rt-src', 'rt-cap']) {
      expect(byName[name]).toMatchObject({
        imageosdistro: 'rhel9.0',
        md5sum: md5(image),
        disk_size_units: '10:CYL',
        image_size_in_bytes: String(image.length),
        type: 'rootonly',
      });
    }
  });

  it('answers 404 for an unknown image or a missing vdev, 501 for alldisks', async () => {
    await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'DEP02', disks: [disk('10')] }),
    });
    const unknown = await action('DEP02', { action: 'deploy', image: 'notexist' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ overallRC: 404, rc: 404, rs: 1, modID: 40 });
    const vdev = await action('DEP02', { action: 'deploy', image: 'rt-src', vdev: 'FFFF' });
    expect(vdev.status).toBe(404);
    expect(vdev.body).toMatchObject({ overallRC: 300, rc: 300, rs: 3, modID: 10 });
    expect(vdev.body.errmsg).toContain('not linked; not in CP directory');
    const guest = await action('NOTEXIST', { action: 'deploy', image: 'rt-src' });
    expect(guest.status).toBe(404);
    const all = await action('DEP02', { action: 'capture', image: 'x', capture_type: 'alldisks' });
    expect(all.status).toBe(501);
    const bad = await action('DEP02', {
      action: 'deploy',
      image: 'rt-src',
      remotehost: 'a@b;rm -rf /',
      transportfiles: '/x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errmsg).toContain('remotehost');
  });

  it('punches a transport file from the file repository and skips the disk copy when asked', async () => {
    await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'DEP04', disks: [disk('10')] }),
    });
    const before = (await sim('GET', '/admin/minidisks/DEP04/0100/md5')).body;
    const up = await fetch(`${stack.url}/files`, {
      method: 'PUT',
      headers: { 'x-auth-token': await stack.token(), 'content-type': 'application/octet-stream' },
      body: Buffer.from('#cloud-config\nhostname: dep04\n'),
    });
    const path = new URL(((await up.json()) as { output: { dest_url: string } }).output.dest_url)
      .pathname;
    const res = await action('DEP04', {
      action: 'deploy',
      image: 'rhel8.4',
      skipdiskcopy: true,
      transportfiles: path,
    });
    expect(res.status).toBe(200);
    const user = (await sim('GET', '/admin/state')).body.users.find(
      (u: any) => u.userid === 'DEP04',
    );
    expect(user.reader.map((f: any) => f.name)).toEqual([path.split('/').at(-1), 'iucvauth.sh']);
    expect((await sim('GET', '/admin/minidisks/DEP04/0100/md5')).body).toEqual(before);
    const outside = await action('DEP04', {
      action: 'deploy',
      image: 'rhel8.4',
      skipdiskcopy: true,
      transportfiles: '/etc/passwd',
    });
    expect(outside.status).toBe(500);
    expect(outside.body).toMatchObject({ overallRC: 300, rs: 4, modID: 10 });
  });

  it('leaves disk and reader as they were when a deploy fails', async () => {
    await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'DEP03', disks: [disk('5')] }),
    });
    const before = (await sim('GET', '/admin/minidisks/DEP03/0100/md5')).body;
    const res = await action('DEP03', {
      action: 'deploy',
      image: 'rt-src',
      hostname: 'dep03.example.com',
    }); // 10 CYL on 5
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 300, rs: 3, modID: 10 });
    expect(res.body.errmsg).toContain('too small');
    expect((await sim('GET', '/admin/minidisks/DEP03/0100/md5')).body).toEqual(before);
    const user = (await sim('GET', '/admin/state')).body.users.find(
      (u: any) => u.userid === 'DEP03',
    );
    expect(user.reader).toEqual([]);
  });

  it('answers 409 when a capture fails and leaves no image behind', async () => {
    await stack.http('POST', '/guests', {
      body: guestBody({ userid: 'CAP03', disks: [disk('5')] }),
    });
    await sim('POST', '/admin/faults', {
      function: 'creatediskimage',
      target: 'CAP03',
      rc: 3,
      errmsg: 'ERROR: disk unreadable',
    });
    const res = await action('CAP03', { action: 'capture', image: 'cap03-img' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ overallRC: 300, rs: 5, modID: 10 });
    expect((await stack.http('GET', '/images?imagename=cap03-img')).status).toBe(404);
    const dup = await action('CAP03', { action: 'capture', image: 'rt-src' });
    expect(dup.body).toMatchObject({ overallRC: 300, rs: 13, modID: 40 });
  });
});
