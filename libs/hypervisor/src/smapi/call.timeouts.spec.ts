import { readTimeoutMsFor } from './call.timeouts.js';

describe('readTimeoutMsFor', () => {
  it('gives relocation and disk calls the long timeout, others the normal one', () => {
    expect(readTimeoutMsFor('VMRELOCATE', 240_000, 1_800_000)).toBe(1_800_000);
    expect(readTimeoutMsFor('Image_Disk_Create_DM', 240_000, 1_800_000)).toBe(1_800_000);
    expect(readTimeoutMsFor('Image_Lock_DM', 240_000, 1_800_000)).toBe(240_000);
  });
});
