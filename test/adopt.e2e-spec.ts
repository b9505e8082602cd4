import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { repoRoot } from '#config';
import { SAMPLE_OS_RELEASE, sampleImageStream } from './support/sample-image.js';
import { databaseState } from './support/database-dump.js';
import { request } from './support/http.js';
import { ReferenceClient } from './support/reference-client.js';
import { writeReferenceDatabases, writeReferenceImage } from './support/reference-fixture.js';
import { imageFile, referenceHeader } from './support/reference-image.js';
import { TestStack } from './support/stack.js';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const W1 = '0x5005076802100c1a';
const W2 = '0x5005076802200c1a';
const LUN = '0x0001000000000000';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Uploads and imports an image through this service's API (PUT /files, POST /images). */
async function importImage(stack: TestStack, name: string, bytes: Buffer): Promise<void> {
  const up = await fetch(`${stack.url}/files`, {
    method: 'PUT',
    headers: { 'x-auth-token': await stack.token(), 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  const file = ((await up.json()) as { output: { dest_url: string } }).output;
  const imported = await stack.http('POST', '/images', {
    body: {
      image: { image_name: name, url: file.dest_url, image_meta: { os_version: 'rhel9.0' } },
    },
  });
  expect(imported.status).toBe(200);
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Issue #25: switching over from a running reference installation. The reference's four
 * databases are made from its own DDL, its guests exist on the hypervisor (made there, not
 * through this service), `npm run adopt` runs as its own process, and what it adopted is then
 * used as the reference's client uses it.
 */
describe('npm run adopt', () => {
  let stack: TestStack;
  let client: ReferenceClient;
  let work: string;
  let refDir: string;
  let refImages: string;
  let image: Buffer;
  let content: Buffer;
  let oursMd5: string;
  const tmpl = randomUUID();
  const sim = (method: string, path: string, body?: unknown) =>
    request(stack.simUrl, method, path, body === undefined ? {} : { body });
  const smapi = async (fn: string, target: string, params: object = {}) => {
    const r = await sim('POST', `/smapi/${fn}`, { target, params });
    expect(r.body.rc).toBe(0);
  };

  /** `npm run adopt -- …` as an operator runs it, with the stack's settings. */
  const adopt = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        'npm',
        ['run', '--silent', 'adopt', '--', ...args],
        { cwd: repoRoot(), env: { ...process.env, ...stack.env, LOG_LEVEL: 'warn' } },
        (e, stdout, stderr) => resolve({ code: e ? Number(e.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const state = () => databaseState(stack.config.DATABASE_URL);

  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    client = new ReferenceClient(stack);
    work = join(stack.config.DATA_DIR, 'reference');
    refDir = join(work, 'databases');
    refImages = join(work, 'images');
    // the reference's image is what its capture wrote: creatediskimage's header (HLen, 512)
    content = Buffer.alloc(10 * 737_280);
    content.write(`${SAMPLE_OS_RELEASE}\n`, 'latin1');
    image = imageFile(referenceHeader, 'xCAT CKD Disk Image:', '10 CYL', 6, content);

    // the reference's guests, made on the hypervisor as the reference made them
    for (const u of ['ADOPT1', 'ADOPT2']) {
      await smapi('Image_Create_DM', u, { directory: [`USER ${u} PW 1G 2G G`] });
      await smapi('Image_Disk_Create_DM', u, {
        vdev: '0100',
        deviceType: '3390',
        pool: 'POOL1',
        units: 10,
        mode: 'MR',
      });
    }
    // its volume attached to ADOPT1 through two paths: both FCPs dedicated to it
    await smapi('Image_Device_Dedicate_DM', 'ADOPT1', { vdev: '1a08', realDevice: '1a08' });
    await smapi('Image_Device_Dedicate_DM', 'ADOPT1', { vdev: '1b08', realDevice: '1b08' });
    // two FCPs the reference thinks ADOPT2 uses: one is offline, one runs for another user
    expect((await sim('PUT', '/admin/fcp/1a0c', { online: false })).status).toBe(200);
    await smapi('Image_Create_DM', 'OTHER1', { directory: ['USER OTHER1 PW 1G 2G G'] });
    await smapi('Image_Device_Dedicate_DM', 'OTHER1', { vdev: '1a0b', realDevice: '1a0b' });
    await smapi('Image_Activate', 'OTHER1');
    await smapi('Virtual_Network_Vswitch_Create_Extended', '*', {
      switchName: 'VSWADOPT',
      vlanId: 'AWARE',
    });

    writeReferenceImage(refImages, 'rhel9.0', 'adoptimg', image);
    writeReferenceImage(refImages, 'rhel9.0', 'badmd5', image);
    const fcp = (id: string, assigner = '', connections = 0, reserved = 0, t = '') => [
      id.toUpperCase(), // the reference's columns are COLLATE NOCASE: either case may be there
      assigner.toLowerCase(),
      connections,
      reserved,
      '',
      '',
      '',
      '',
      '',
      '',
      t,
    ];
    writeReferenceDatabases(refDir, {
      guests: [
        [randomUUID(), 'adopt1', 'os_version=rhel9.0', 1, '{"migrated": 0}'],
        [randomUUID(), 'ADOPT2', 'os_version=rhel9.0,disk_type=DASD', 0, ''],
        [randomUUID(), 'GONE1', 'os_version=sles15', 0, ''],
      ],
      images: [
        ['adoptimg', 'rhel9.0', md5(image), '10:CYL', String(image.length), 'rootonly', null],
        ['badmd5', 'rhel9.0', '0'.repeat(32), '10:CYL', String(image.length), 'rootonly', null],
        ['nofile', 'rhel9.0', md5(image), '10:CYL', String(image.length), 'rootonly', null],
      ],
      fcp: [
        fcp('1a08', 'ADOPT1', 1, 1, tmpl),
        fcp('1b08', 'ADOPT1', 1, 1, tmpl),
        fcp('1a09'),
        fcp('1b09'),
        fcp('1a0a', 'GONE1', 0, 1, tmpl),
        fcp('1a0b', 'ADOPT2', 1, 1),
        fcp('1a0c', 'ADOPT2', 1, 1),
      ],
      template: [[tmpl, 'adopted', 'two paths from the reference', 1, -1]],
      templateSp: [['adoptsp', tmpl]],
      templateFcp: [
        ['1a08', tmpl, 0],
        ['1a09', tmpl, 0],
        ['1a0a', tmpl, 0],
        ['1b08', tmpl, 1],
        ['1b09', tmpl, 1],
      ],
      switches: [
        ['ADOPT1', '1000', 'VSWADOPT', 'port-a1', null],
        ['adopt2', '1000', null, 'port-a2', null],
        ['GONE1', '1000', 'VSWADOPT', 'port-g1', null],
      ],
    });
  });
  afterAll(() => stack.close());

  it('a corrupt or foreign SQLite file is a clear error, not a stack trace', async () => {
    const corrupt = join(work, 'corrupt');
    mkdirSync(corrupt, { recursive: true });
    writeFileSync(join(corrupt, 'sdk_guest.sqlite'), Buffer.alloc(4096, 0x5a));
    const bad = await adopt('--from', corrupt, '--dry-run');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('sdk_guest.sqlite is not a reference database');
    expect(bad.stderr).not.toMatch(/\n\s+at /);

    const foreign = join(work, 'foreign');
    mkdirSync(foreign, { recursive: true });
    const db = new Database(join(foreign, 'sdk_fcp.sqlite'));
    db.exec('CREATE TABLE something (other text)');
    db.close();
    const other = await adopt('--from', foreign);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      "sdk_fcp.sqlite is not a reference database: it has no table 'fcp'",
    );
    expect(other.stderr).not.toMatch(/\n\s+at /);
  });

  it('a dry run writes nothing and prints the report; --config names the image repository', async () => {
    const conf = join(work, 'zvmsdk.conf');
    writeFileSync(
      conf,
      `[zvm]\nuser_root_vdev = 0100\nuser_default_password = pw-not-shown\n` +
        `[image]\nsdk_image_repository = ${refImages}\n[wsgi]\ntoken_path = /etc/zvmsdk/token.dat\n`,
    );
    const before = await state();
    const dry = await adopt('--from', refDir, '--config', conf, '--dry-run', '--json');
    expect(dry.code).toBe(0);
    expect(dry.stdout).not.toContain('pw-not-shown');
    const report = JSON.parse(dry.stdout);
    expect(report.status).toBe('dry-run');
    expect(report.config.settings.map((s: any) => `${s.env}=${s.value}`)).toEqual([
      'USER_ROOT_VDEV=0100',
      `IMAGE_REPOSITORY=${refImages}`,
      'TOKEN_PATH=/etc/zvmsdk/token.dat',
    ]);
    expect(report.guests.adopted).toEqual(['ADOPT1', 'ADOPT2']);
    expect(report.images.adopted).toEqual(['adoptimg']); // its md5 read from the config's repository
    expect(await state()).toEqual(before);
  });

  it('a conflict stops the run before any write, listing every one', async () => {
    // the service already manages ADOPT2, with other metadata, and has an image of that name
    // with other bytes
    const reg = await client.call('POST', '/guests/ADOPT2/action', {
      action: 'register_vm',
      meta: 'os_version=sles15',
      net_set: '0',
    });
    expect(reg.status).toBe(200);
    const ours = await collect(
      sampleImageStream({ cylinders: 10, label: SAMPLE_OS_RELEASE, level: 1 }),
    );
    oursMd5 = md5(ours);
    expect(oursMd5).not.toBe(md5(image));
    await importImage(stack, 'adoptimg', ours);

    const before = await state();
    const stopped = await adopt('--from', refDir, '--images', refImages);
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toContain('Stopped before any write');
    expect(stopped.stdout).toContain('conflict guests ADOPT2');
    expect(stopped.stdout).toContain("ours:   metadata 'os_version=sles15'");
    expect(stopped.stdout).toContain(`conflict images adoptimg\n    ours:   md5 ${oursMd5}`);
    expect(await state()).toEqual(before);

    // --prefer ours: theirs are skipped, and nothing else stops the run
    const keep = await adopt(
      '--from',
      refDir,
      '--images',
      refImages,
      '--prefer',
      'ours',
      '--dry-run',
    );
    expect(keep.code).toBe(0);
    expect(keep.stdout).toContain(
      "skipped ADOPT2: conflict, ours kept (metadata 'os_version=sles15', net_set 0, comments {})",
    );
    expect(keep.stdout).toContain(`skipped adoptimg: conflict, ours kept (md5 ${oursMd5})`);
    expect(await state()).toEqual(before);
  });

  it('adopts guests, images, template, FCP usage and NICs; a missing guest is skipped', async () => {
    // theirs win the two conflicts: ADOPT2's record and the image's file are the reference's
    const run = await adopt(
      '--from',
      refDir,
      '--images',
      refImages,
      '--json',
      '--prefer',
      'theirs',
    );
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout);
    expect(r.status).toBe('adopted');
    expect(r.guests).toEqual({
      adopted: ['ADOPT1', 'ADOPT2'],
      present: [],
      skipped: [{ key: 'GONE1', reason: "no entry in the hypervisor's directory" }],
    });
    expect(r.images.adopted).toEqual(['adoptimg']);
    expect(r.conflicts.map((c: any) => `${c.kind} ${c.key}`)).toEqual([
      'guests ADOPT2',
      'images adoptimg',
    ]);
    const img = await client.call('GET', '/images?imagename=adoptimg');
    expect(img.body.output[0].md5sum).toBe(md5(image));
    expect(md5(readFileSync(img.body.output[0].image_path))).toBe(md5(image));
    expect(r.images.skipped.map((s: any) => s.key).sort()).toEqual(['badmd5', 'nofile']);
    expect(r.templates.adopted).toEqual([`adopted (${tmpl})`]);
    expect(r.fcps.adopted.sort()).toEqual(['1a08', '1a09', '1a0a', '1a0b', '1a0c', '1b08', '1b09']);
    expect(r.nics.adopted).toEqual(['ADOPT1 1000', 'ADOPT2 1000']);
    expect(r.nics.skipped).toEqual([
      { key: 'GONE1 1000', reason: 'the guest has no directory entry' },
    ]);
    expect(r.warnings).toEqual([
      expect.stringContaining('FCP 1a0a: usage of GONE1'),
      'FCP 1a0b: the reference has it attached to ADOPT2, but the hypervisor shows it dedicated to OTHER1',
      'FCP 1a0c: the reference has it attached to ADOPT2, but it is offline',
    ]);

    // ADOPT2 now has the reference's metadata: without --prefer, no conflict is left either
    const again = await adopt('--from', refDir, '--images', refImages);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to adopt');
    expect(again.stdout).toContain('guests: 0 to adopt, 2 already present, 1 skipped');
  });

  it('the adopted guests answer the reference client: list, power_state, start, stop', async () => {
    const list = await client.call('GET', '/guests');
    expect(list.body.output).toEqual(expect.arrayContaining(['ADOPT1', 'ADOPT2']));
    expect(list.body.output).not.toContain('GONE1');
    expect((await client.call('GET', '/guests/ADOPT1/power_state')).body.output).toBe('off');
    expect((await client.call('POST', '/guests/ADOPT1/action', { action: 'start' })).status).toBe(
      200,
    );
    expect((await client.call('GET', '/guests/ADOPT1/power_state')).body.output).toBe('on');
    expect((await client.call('POST', '/guests/ADOPT1/action', { action: 'stop' })).status).toBe(
      200,
    );
    expect((await client.call('GET', '/guests/ADOPT1/power_state')).body.output).toBe('off');
  });

  it('a deploy from the adopted image (a reference capture, HLen form) writes its bytes', async () => {
    const deploy = await client.call('POST', '/guests/ADOPT2/action', {
      action: 'deploy',
      image: 'adoptimg',
      vdev: '0100',
    });
    expect(deploy.status).toBe(200);
    expect((await sim('GET', '/admin/minidisks/ADOPT2/0100/md5')).body).toEqual({
      md5: md5(content),
      bytes: content.length,
    });
  });

  it('the adopted NICs are read back', async () => {
    const nics = await client.call('GET', '/guests/nics?userid=ADOPT1');
    expect(nics.body.output).toEqual([
      { userid: 'ADOPT1', interface: '1000', switch: 'VSWADOPT', port: 'port-a1', comments: null },
    ]);
    const byPort = await client.call('GET', '/vswitch', { portid: 'port-a2' });
    expect(byPort.body.output).toEqual([
      { userid: 'ADOPT2', interface: '1000', switch: null, port: 'port-a2', comments: null },
    ]);
  });

  it('the adopted volume detaches; deleting the guest frees its FCPs and the template', async () => {
    const usage = async (f: string) => (await client.call('GET', `/volumes/fcp/${f}`)).body.output;
    expect(await usage('1a08')).toEqual(['ADOPT1', 1, 1, tmpl]);
    const detach = await client.call('DELETE', '/guests/volumes', {
      info: {
        connection: {
          assigner_id: 'adopt1',
          zvm_fcp: ['1a08', '1b08'],
          fcp_template_id: tmpl,
          target_wwpn: [W1, W2],
          target_lun: LUN,
          os_version: 'rhel9.0',
          multipath: true,
          mount_point: '/dev/sdz',
        },
      },
    });
    expect(detach.status).toBe(200);
    expect(await usage('1a08')).toEqual(['ADOPT1', 1, 0, tmpl]);
    expect(await usage('1b08')).toEqual(['ADOPT1', 1, 0, tmpl]);
    const inv = (await sim('GET', '/admin/fcp')).body.devices;
    const owner = (f: string) => inv.find((d: any) => d.fcpId === f).owner;
    expect([owner('1A08'), owner('1B08')]).toEqual([null, null]);

    expect((await client.call('DELETE', `/volumes/fcptemplates/${tmpl}`)).status).toBe(409);
    expect((await client.call('DELETE', '/guests/ADOPT1')).status).toBe(200);
    expect(await usage('1a08')).toEqual(['', 0, 0, '']);
    expect((await client.call('DELETE', `/volumes/fcptemplates/${tmpl}`)).status).toBe(200);
  });
});
