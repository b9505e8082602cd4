import { loadConfig } from '#config';
import { landingWindowMs } from './landing-window.js';

/** The wire transport's settings; its host and credentials say nothing of timing. */
const wire = { HV_TRANSPORT: 'smapi', SMAPI_HOST: 'h', SMAPI_USER: 'u', SMAPI_PASSWORD_FILE: '/p' };

describe('landingWindowMs', () => {
  it('simulator transport: the call timeout and its connect', () => {
    expect(landingWindowMs(loadConfig({ HV_TRANSPORT: 'simulator' }))).toBe(250_000);
    expect(landingWindowMs(loadConfig({ HV_CALL_TIMEOUT_S: '5' }))).toBe(10_000);
  });

  it('wire transport: every attempt with its pause, connect and answer, then the last answer', () => {
    // the defaults: 100 s of pauses, 8 × (60 + 1800) s, 1800 s — about 4 h 40 min
    expect(landingWindowMs(loadConfig(wire))).toBe(16_780_000);
  });

  it('wire transport: at least the longest tool timeout', () => {
    const cfg = loadConfig({
      ...wire,
      SMAPI_CONNECT_TIMEOUT_S: '1',
      SMAPI_READ_TIMEOUT_S: '1',
      SMAPI_LONG_READ_TIMEOUT_S: '1',
      SMAPI_RETRY_SCHEDULE_MS: '0',
      HV_DISK_IMAGE_TIMEOUT_S: '600',
    });
    expect(landingWindowMs(cfg)).toBe(602_000);
  });
});
