import { setTimeout as delay } from 'node:timers/promises';
import {
  LINUX01,
  startHarness,
  userDirectory,
  type Harness,
} from '../testing/simulator.harness.js';

describe('power functions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
  });
  afterEach(() => h.close());

  it('activates and deactivates with the real return/reason codes', async () => {
    expect(await h.smapi('Image_Activate', 'NOSUCH')).toMatchObject({ rc: 200, rs: 4 });
    expect(await h.smapi('Image_Deactivate', 'NOSUCH', { immediate: true })).toMatchObject({
      rc: 200,
      rs: 4,
    });
    expect(await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true })).toMatchObject({
      rc: 200,
      rs: 12,
    });
    expect(await h.smapi('Image_Activate', 'LINUX01')).toEqual({ rc: 0, rs: 0 });
    expect(await h.smapi('Image_Activate', 'LINUX01')).toMatchObject({ rc: 200, rs: 8 });
    expect(h.sim.state.view().users[0]?.power).toBe('on');
    expect(await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true })).toEqual({
      rc: 0,
      rs: 0,
    });
    expect(h.sim.state.view().users[0]?.power).toBe('off');
    expect(await h.smapi('Image_Deactivate', 'LINUX01', { immediate: 'yes' })).toMatchObject({
      rc: 24,
      rs: 219,
    });
  });

  /**
   * Signalled shutdowns that last until a test ends them: the fast profile's 250 ms can be over
   * before a loaded machine has the answer to the test (an answer waits for its write).
   */
  const holdShutdowns = () => {
    (h.sim.latency as { shutdownMs: number }).shutdownMs = 3_600_000;
  };

  it('a signalled shutdown logs off later and answers 200/16 meanwhile', async () => {
    holdShutdowns();
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await h.smapi('Image_Deactivate', 'LINUX01', { immediate: false })).toEqual({
      rc: 0,
      rs: 0,
    });
    expect(h.sim.state.view().users[0]?.power).toBe('stopping');
    expect((await h.cp('QUERY USER LINUX01')).rc).toBe(0);
    expect(await h.smapi('Image_Deactivate', 'LINUX01', { immediate: false })).toMatchObject({
      rc: 200,
      rs: 16,
    });
    expect(await h.smapi('Image_Activate', 'LINUX01')).toMatchObject({ rc: 200, rs: 8 });
    // its time comes: logged off
    h.sim.state.user('LINUX01')!.logoffAt = Date.now() + 20;
    await delay(30);
    expect((await h.cp('QUERY USER LINUX01')).rc).toBe(45);
    expect(await h.smapi('Image_Deactivate', 'LINUX01')).toMatchObject({ rc: 200, rs: 12 });
  });

  it('an immediate deactivate overrides a pending signalled shutdown', async () => {
    holdShutdowns();
    await h.smapi('Image_Activate', 'LINUX01');
    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: false });
    expect(await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true })).toMatchObject({
      rc: 0,
    });
    expect(h.sim.state.view().users[0]?.power).toBe('off');
  });

  it('Image_Status_Query lists active users, and says 0/12 for one that is not', async () => {
    await h.smapi('Image_Create_DM', 'LINUX02', { directory: userDirectory('LINUX02') });
    await h.smapi('Image_Create_DM', 'LINUX03', { directory: userDirectory('LINUX03') });
    await h.smapi('Image_Activate', 'LINUX03');
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await h.smapi('Image_Status_Query', '*')).toEqual({
      rc: 0,
      rs: 0,
      output: { active: ['LINUX01', 'LINUX03'] },
    });
    expect(await h.smapi('Image_Status_Query', 'LINUX03')).toMatchObject({
      rc: 0,
      rs: 0,
      output: { active: ['LINUX03'] },
    });
    expect(await h.smapi('Image_Status_Query', 'LINUX02')).toMatchObject({
      rc: 0,
      rs: 12,
      output: { active: [] },
    });
  });

  it('links directory minidisks into the running guest at logon and drops them at logoff', async () => {
    await h.smapi('Image_Disk_Create_DM', 'LINUX01', {
      vdev: '100',
      deviceType: '3390',
      pool: 'POOL1',
      units: 10,
      mode: 'MR',
    });
    await h.smapi('Image_Activate', 'LINUX01');
    expect(h.sim.state.user('LINUX01')?.activeDevices).toEqual(['0100']);
    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true });
    expect(h.sim.state.user('LINUX01')?.activeDevices).toEqual([]);
  });
});
