import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '#config';
import { wireClientOptions } from './wire.config.js';
import { REFERENCE_RETRY_DELAYS_MS } from './wire.client.js';

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
    SMAPI_RETRY_SCHEDULE_MS: ['0', '100', '250'],
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
    expect(opts.retryDelaysMs).toEqual([0, 100, 250]);
  });

  it("resends on the reference client's schedule unless SMAPI_RETRY_SCHEDULE_MS says otherwise", async () => {
    const pw = join(dir, 'pw');
    await writeFile(pw, 'secret\n');
    await chmod(pw, 0o600);
    const env = {
      HV_TRANSPORT: 'smapi',
      SMAPI_HOST: 'h',
      SMAPI_USER: 'U',
      SMAPI_PASSWORD_FILE: pw,
    };
    expect((await wireClientOptions(loadConfig(env))).retryDelaysMs).toEqual(
      REFERENCE_RETRY_DELAYS_MS,
    );
    const short = loadConfig({ ...env, SMAPI_RETRY_SCHEDULE_MS: '0, 50,50' });
    expect((await wireClientOptions(short)).retryDelaysMs).toEqual([0, 50, 50]);
  });

  it('names every missing setting', async () => {
    await expect(
      wireClientOptions({ ...settings, SMAPI_HOST: '', SMAPI_USER: '' }),
    ).rejects.toThrow('needs SMAPI_HOST, SMAPI_USER, SMAPI_PASSWORD_FILE');
  });
});
