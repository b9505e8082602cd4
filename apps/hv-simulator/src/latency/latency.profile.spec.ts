import { latencyProfile } from './latency.profile.js';

describe('latency profiles', () => {
  it('fast: 0-2 ms for every call, short shutdowns', () => {
    expect(latencyProfile('fast', () => 0).delayMs('Image_Activate')).toBe(0);
    expect(latencyProfile('fast', () => 0.999).delayMs('Image_Create_DM')).toBe(2);
    expect(latencyProfile('fast').shutdownMs).toBeLessThan(1000);
  });

  it('realistic: per-function delays with ±25 % jitter', () => {
    const low = latencyProfile('realistic', () => 0);
    const high = latencyProfile('realistic', () => 1);
    expect(low.delayMs('Image_Activate')).toBe(2250);
    expect(high.delayMs('Image_Activate')).toBe(3750);
    expect(latencyProfile('realistic', () => 0.5).delayMs('Image_Disk_Create_DM')).toBe(2000);
    expect(high.delayMs('Image_Status_Query')).toBeLessThanOrEqual(200);
    expect(high.delayMs('CP')).toBeLessThan(low.delayMs('Image_Create_DM'));
  });
});
