import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wireClientOptions } from './wire.config.js';

describe('wireClientOptions', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'smapi-cfg-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const settings = {
    SMAPI_HOST: 'zvm1.example',
    SMAPI_PORT: 44444,
    SMAPI_USER: 'HVOADMIN',
    SMAPI_PASSWORD_FILE: '',
    SMAPI_CA_FILE: '',
    SMAPI_CONNECT_TIMEOUT_S: 60,
    SMAPI_READ_TIMEOUT_S: 240,
    SMAPI_LONG_READ_TIMEOUT_S: 1800,
  };

  it('reads the password and the CA from their files and converts the timeouts', async () => {
    const pw = join(dir, 'pw');
    const ca = join(dir, 'ca.pem');
    await writeFile(pw, 'secret\n');
    await chmod(pw, 0o600);
    await writeFile(ca, '-----BEGIN CERTIFICATE-----\n');
    const opts = await wireClientOptions({
      ...settings,
      SMAPI_PASSWORD_FILE: pw,
      SMAPI_CA_FILE: ca,
    });
    expect(opts).toMatchObject({
      host: 'zvm1.example',
      port: 44444,
      userid: 'HVOADMIN',
      password: 'secret',
      connectTimeoutMs: 60_000,
      readTimeoutMs: 240_000,
      longReadTimeoutMs: 1_800_000,
    });
    expect(opts.ca?.toString()).toContain('BEGIN CERTIFICATE');
    expect(opts.retryDelaysMs).toHaveLength(8);
  });

  it('names every missing setting', async () => {
    await expect(
      wireClientOptions({ ...settings, SMAPI_HOST: '', SMAPI_USER: '' }),
    ).rejects.toThrow('needs SMAPI_HOST, SMAPI_USER, SMAPI_PASSWORD_FILE');
  });
});
