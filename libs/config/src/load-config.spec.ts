import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('fills defaults from DATA_DIR and freezes the result', () => {
    const cfg = loadConfig({ DATA_DIR: '/tmp/hvo-x' });
    expect(cfg.PORT).toBe(8080);
    expect(cfg.AUTH).toBe('token');
    expect(cfg.DATABASE_URL).toBe('file:/tmp/hvo-x/hv-orchestrator.db');
    expect(cfg.TOKEN_PATH).toBe('/tmp/hvo-x/token.dat');
    expect(cfg.HV_SIMULATOR_URL).toBe('http://127.0.0.1:8090');
    expect(Object.isFrozen(cfg)).toBe(true);
  });

  it('HV_TRANSPORT=smapi needs the request server, its userid and password file', () => {
    expect(() => loadConfig({ HV_TRANSPORT: 'smapi', SMAPI_HOST: 'hv1' })).toThrow(
      /SMAPI_USER: required when HV_TRANSPORT=smapi[\s\S]*SMAPI_PASSWORD_FILE: required/,
    );
    const cfg = loadConfig({
      HV_TRANSPORT: 'smapi',
      SMAPI_HOST: 'hv1',
      SMAPI_USER: 'MAINT',
      SMAPI_PASSWORD_FILE: '/etc/hvo/smapi.pw',
    });
    expect(cfg.HV_TRANSPORT).toBe('smapi');
  });

  it('API_HEAP_GROWING_PERCENT lets the heap double by default; 0 leaves it to V8', () => {
    expect(loadConfig({}).API_HEAP_GROWING_PERCENT).toBe(100);
    expect(loadConfig({ API_HEAP_GROWING_PERCENT: '0' }).API_HEAP_GROWING_PERCENT).toBe(0);
    for (const bad of ['-1', '301', '1.5', 'x'])
      expect(() => loadConfig({ API_HEAP_GROWING_PERCENT: bad })).toThrow(
        /API_HEAP_GROWING_PERCENT/,
      );
  });

  it('API_COLLECT_AFTER_BURST is a count of held requests, 1,000 by default; 0 turns it off', () => {
    expect(loadConfig({}).API_COLLECT_AFTER_BURST).toBe(1000);
    expect(loadConfig({ API_COLLECT_AFTER_BURST: '0' }).API_COLLECT_AFTER_BURST).toBe(0);
    for (const bad of ['-1', '1.5', 'x'])
      expect(() => loadConfig({ API_COLLECT_AFTER_BURST: bad })).toThrow(/API_COLLECT_AFTER_BURST/);
  });

  it('SMAPI_RETRY_SCHEDULE_MS is a list of pauses in ms, at least one', () => {
    for (const bad of [',', '1,x', '-5', '1.5', Array(21).fill('1').join(',')]) {
      expect(() => loadConfig({ SMAPI_RETRY_SCHEDULE_MS: bad })).toThrow(/SMAPI_RETRY_SCHEDULE_MS/);
    }
    expect(loadConfig({ SMAPI_RETRY_SCHEDULE_MS: '0,200' }).SMAPI_RETRY_SCHEDULE_MS).toEqual([
      '0',
      '200',
    ]);
  });

  it('OTEL_EXPORTER_OTLP_ENDPOINT is empty (no tracing) or an http(s) URL', () => {
    expect(loadConfig({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBe('');
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })
        .OTEL_EXPORTER_OTLP_ENDPOINT,
    ).toBe('http://collector:4318');
    for (const bad of ['collector:4318', 'grpc://collector:4317', 'http://a b']) {
      expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: bad })).toThrow(
        /OTEL_EXPORTER_OTLP_ENDPOINT must be an http/,
      );
    }
  });

  it('lists every bad setting at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'abc', AUTH: 'maybe', REDIS_URL: 'http://x', DISK_POOL: 'NFS:a' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'AUTH', 'REDIS_URL', 'DISK_POOL']) expect(problems).toContain(name);
  });

  it('parses lists and reads CONFIG_FILE under the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hvo-cfg-'));
    const file = join(dir, 'c.json');
    writeFileSync(
      file,
      JSON.stringify({ WORKER_QUEUES: ['guest-lifecycle'], PORT: 9000, SYNC_WAIT_MAX_S: 5 }),
    );
    const cfg = loadConfig({ CONFIG_FILE: file, PORT: '9100', DISK_POOL: 'eckd:p1, fba:p2' });
    expect(cfg.PORT).toBe(9100);
    expect(cfg.SYNC_WAIT_MAX_S).toBe(5);
    expect(cfg.WORKER_QUEUES).toEqual(['guest-lifecycle']);
    expect(cfg.DISK_POOL).toEqual(['ECKD:P1', 'FBA:P2']);
  });

  it('takes IMAGE_IMPORT_HOSTS names, IPs and CIDR ranges and names each bad entry', () => {
    const good = 'mirror.internal, 127.0.0.1,10.0.0.0/8, ::1, [fd00::1], fd00::/8, localhost.';
    expect(loadConfig({ IMAGE_IMPORT_HOSTS: good }).IMAGE_IMPORT_HOSTS).toHaveLength(7);
    const bad = [
      '10.0.0.0/33',
      '::1/129',
      'a_b.example',
      '2130706433',
      '0x7f.1',
      'x/8',
      '1.2.3.4/8/1',
    ];
    let caught: unknown;
    try {
      loadConfig({ IMAGE_IMPORT_HOSTS: ['ok.example', ...bad].join(',') });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(bad.length);
    for (const entry of bad) {
      expect(
        problems.some((p) => p.includes('IMAGE_IMPORT_HOSTS') && p.includes(`"${entry}"`)),
      ).toBe(true);
    }
  });
});
