import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { writeSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** PUT /files and POST /files (spec §4.12): streamed upload and confined download. */
describe('files', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
  });
  afterAll(() => stack.close());

  async function upload(body: Buffer, token?: string | null) {
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    const t = token === undefined ? await stack.token() : token;
    if (t) headers['x-auth-token'] = t;
    const res = await fetch(`${stack.url}/files`, { method: 'PUT', headers, body });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function download(sourceFile: string) {
    const res = await fetch(`${stack.url}/files`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': await stack.token() },
      body: JSON.stringify({ source_file: sourceFile }),
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  }

  it('stores an upload larger than the JSON body limit and sends the same bytes back', async () => {
    const data = randomBytes(6 * 1024 * 1024 + 17); // over the 4 MiB limit of JSON bodies
    const up = await upload(data);
    expect(up.status).toBe(200);
    const { dest_url, filesize_in_bytes, md5sum } = up.body.output;
    expect(up.body).toMatchObject({ overallRC: 0, rc: 0, rs: 0, errmsg: '', modID: null });
    expect(filesize_in_bytes).toBe(data.length);
    expect(md5sum).toBe(md5(data));
    const imported = join(stack.config.FILE_REPOSITORY, 'imported');
    expect(dest_url).toMatch(new RegExp(`^file://${imported}/[0-9a-f-]{36}$`));
    const path = dest_url.slice('file://'.length);
    expect(md5(readFileSync(path))).toBe(md5sum);

    for (const name of [path, dest_url, `imported/${path.split('/').pop()}`]) {
      const down = await download(name);
      expect(down.status).toBe(200);
      expect(down.type).toBe('application/octet-stream');
      expect(down.bytes.equals(data)).toBe(true);
    }
  });

  it('stores an empty upload', async () => {
    const up = await upload(Buffer.alloc(0));
    expect(up.status).toBe(200);
    expect(up.body.output).toMatchObject({
      filesize_in_bytes: 0,
      md5sum: 'd41d8cd98f00b204e9800998ecf8427e',
    });
  });

  it('sends nothing from outside the file repository', async () => {
    symlinkSync('/etc', join(stack.config.FILE_REPOSITORY, 'etc-link'));
    for (const source of ['../../x', '/etc/passwd', 'etc-link/passwd', 'file:///etc/passwd']) {
      const res = await stack.http('POST', '/files', { body: { source_file: source } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ overallRC: 400, modID: 120 });
      expect(res.body.errmsg).toContain('source_file');
    }
  });

  it('answers a missing file with the file export error (500, as the reference)', async () => {
    const res = await stack.http('POST', '/files', { body: { source_file: 'imported/nothing' } });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ overallRC: 300, rc: 300, rs: 2, modID: 60, output: '' });
  });

  it('reads the export request as JSON whatever its Content-Type, as the reference does', async () => {
    const data = randomBytes(1000);
    const { dest_url } = (await upload(data)).body.output;
    const body = JSON.stringify({ source_file: dest_url });
    // the reference's own client sends application/octet-stream (zvmsdk/tests/fvt/test_utils.py)
    for (const type of [
      'application/octet-stream',
      'text/plain',
      'application/x-whatever',
      'nonsense',
      null,
    ]) {
      const headers: Record<string, string> = { 'x-auth-token': await stack.token() };
      if (type) headers['content-type'] = type;
      const res = await fetch(`${stack.url}/files`, {
        method: 'POST',
        headers,
        body: Buffer.from(body), // a Buffer: fetch adds no Content-Type of its own
      });
      expect({ type, status: res.status }).toEqual({ type, status: 200 });
      expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    }
    const bad = await fetch(`${stack.url}/files`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-auth-token': await stack.token() },
      body: Buffer.from('{"source_file": '),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ overallRC: 400, rc: 400, rs: 400, modID: 120 });
    const noFile = await fetch(`${stack.url}/files`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-auth-token': await stack.token() },
      body: Buffer.from(JSON.stringify({ source_file: 'imported/nothing' })),
    });
    expect(noFile.status).toBe(500);
    expect(await noFile.json()).toMatchObject({ overallRC: 300, rc: 300, rs: 2, modID: 60 });
  });

  it('still takes only octet-stream uploads on PUT /files', async () => {
    const res = await fetch(`${stack.url}/files`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-auth-token': await stack.token() },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ overallRC: 415, modID: 120 });
  });

  it('checks the token, and takes octet-stream bodies on PUT /files only', async () => {
    expect((await upload(Buffer.from('x'), null)).status).toBe(401);
    const other = await fetch(`${stack.url}/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-auth-token': await stack.token() },
      body: Buffer.from('{}'),
    });
    expect(other.status).toBe(415);
  });

  it('feeds image import: an uploaded file is importable from the file repository', async () => {
    const local = join(stack.config.DATA_DIR, 'upload-me.img');
    const image = await writeSampleImage(local, { cylinders: 3 });
    const up = await upload(readFileSync(local));
    expect(up.body.output.md5sum).toBe(image.md5sum);
    const imported = await stack.http('POST', '/images', {
      body: {
        image: {
          image_name: 'uploaded1',
          url: up.body.output.dest_url,
          image_meta: { os_version: 'rhel8.6', md5sum: image.md5sum },
        },
      },
    });
    expect(imported.status).toBe(200);
    const got = await stack.http('GET', '/images?imagename=uploaded1');
    expect(got.body.output[0]).toMatchObject({ md5sum: image.md5sum, disk_size_units: '3:CYL' });
    // the import copies: the uploaded file stays
    expect(existsSync(up.body.output.dest_url.slice('file://'.length))).toBe(true);
  });

  it('keeps no partial file when a client gives up mid-upload', async () => {
    const req = httpRequest(`${stack.url}/files`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'x-auth-token': await stack.token() },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(1024 * 1024));
    const dir = join(stack.config.FILE_REPOSITORY, 'imported');
    const parts = () => readdirSync(dir).filter((f) => f.endsWith('.part'));
    await new Promise((r) => setTimeout(r, 300));
    expect(parts()).toHaveLength(1); // being written
    req.destroy(); // the connection drops with the body unfinished
    await new Promise((r) => setTimeout(r, 500));
    expect(parts()).toEqual([]);
  });
});
