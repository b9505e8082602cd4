import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HvError, toUserid } from '#envelope';
import { diskContent, imageOf, md5 } from '../testing/disk-image.fixtures.js';
import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';
import {
  HypervisorExchange,
  isMgmtFailure,
  ManagementGuestOps,
  SimulatorTransport,
  type SmapiHealth,
  SystemsManagement,
} from '#hypervisor';
import { strictMock } from '#testing/jest';

const CYL = 737_280;

describe('ManagementGuestOps operations over the simulator transport', () => {
  let h: Harness;
  let hv: SystemsManagement;
  let guestOps: ManagementGuestOps;
  const records: boolean[] = [];
  // Stands in for the Redis-backed counters: only what observe() calls.
  const health = strictMock<SmapiHealth>({
    record: (ok: boolean) => {
      records.push(ok);
      return Promise.resolve();
    },
  });
  const exchangeWith = (timeoutMs: number) =>
    new HypervisorExchange(new SimulatorTransport(h.url, timeoutMs), health);
  const clientWith = (timeoutMs: number) => new ManagementGuestOps(exchangeWith(timeoutMs));

  const content = diskContent(2 * CYL, 5);
  const image = imageOf(content, { type: 'CKD', units: 2, compressLevel: 6 });
  /** `buf` in 100 kB pieces; the pieces past its end are empty, which must not end the upload. */
  const stream = (buf: Buffer) =>
    Readable.from(Array.from({ length: 20 }, (_, i) => buf.subarray(i * 1e5, (i + 1) * 1e5)));

  beforeEach(async () => {
    records.length = 0;
    h = await startHarness();
    hv = new SystemsManagement(exchangeWith(5000));
    guestOps = clientWith(5000);
    await hv.imageCreateDM(toUserid('linux01'), userDirectory('LINUX01'));
    await hv.imageDiskCreateDM(toUserid('linux01'), {
      vdev: '0100',
      deviceType: '3390',
      pool: 'POOL1',
      units: 2,
      mode: 'MR',
    });
  });
  afterEach(() => h.close());

  it('deploys and captures an image, streaming both ways', async () => {
    const seen: number[] = [];
    const r = await guestOps.unpackDiskImage(toUserid('linux01'), '0100', stream(image), (n) =>
      seen.push(n),
    );
    expect(r.bytes).toBe(2 * CYL);
    expect(seen.at(-1)).toBe(image.length);
    expect((await h.diskMd5('LINUX01', '0100')).md5).toBe(md5(content));

    const out = await guestOps.createDiskImage(toUserid('linux01'), '0100', 6);
    expect(out).toBeInstanceOf(Readable);
    expect(md5(await buffer(out))).toBe(md5(image));
    expect(records.every(Boolean)).toBe(true);
    expect(records).toHaveLength(4);
  });

  it('raises HvError(3, 415, rc) with the ERROR lines when a command fails', async () => {
    const err = await guestOps.unpackDiskImage(toUserid('nosuch'), '0100', stream(image)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HvError);
    expect(err).toMatchObject({ overallRC: 3, rc: 415, rs: 3, modID: 1 });
    expect((err as HvError).message).toBe(
      'unpackdiskimage NOSUCH 0100 failed rc 3: ERROR: HCPLNK053E NOSUCH 0100 not linked; ' +
        'not in CP directory ERROR: Failed to connect disk: NOSUCH:0100',
    );
    expect(isMgmtFailure(err)).toBe(true);

    await hv.imageActivate(toUserid('LINUX01'));
    await expect(guestOps.createDiskImage(toUserid('LINUX01'), '0100', 6)).rejects.toMatchObject({
      rs: 3,
      message: expect.stringContaining('currently running'),
    });
    await expect(guestOps.createDiskImage(toUserid('LINUX01'), '0100', 10)).rejects.toMatchObject({
      rs: 1,
    });
    // The hypervisor answered each time: the link is healthy.
    expect(records.every(Boolean)).toBe(true);
  });

  it('punches, lists and purges reader files', async () => {
    const id = await guestOps.punchFile(
      toUserid('linux01'),
      Readable.from([Buffer.from('echo hi\n')]),
      {
        name: 'hostname.sh',
      },
    );
    const id2 = await guestOps.punchFile(toUserid('LINUX01'), Readable.from([Buffer.from('x')]), {
      spoolClass: 'A',
      name: 'cfgdrive.tgz',
    });
    expect(await guestOps.readerFiles(toUserid('LINUX01'))).toEqual([
      expect.objectContaining({ spoolId: id, spoolClass: 'X', name: 'hostname.sh', size: 8 }),
      expect.objectContaining({ spoolId: id2, spoolClass: 'A', name: 'cfgdrive.tgz', size: 1 }),
    ]);
    await guestOps.purgeReaderFile(toUserid('LINUX01'), id);
    expect((await guestOps.readerFiles(toUserid('LINUX01'))).map((f) => f.spoolId)).toEqual([id2]);
    await expect(guestOps.purgeReaderFile(toUserid('LINUX01'), id)).rejects.toMatchObject({
      overallRC: 3,
      rs: 3,
      message: expect.stringContaining('HCP042E'),
    });
    await expect(
      guestOps.punchFile(toUserid('NOSUCH'), Readable.from([Buffer.from('x')]), { name: 'a' }),
    ).rejects.toMatchObject({ message: expect.stringContaining('HCP053E NOSUCH') });
  });

  it('transport failures and stalls raise hvUnreachable / hvTimeout and count as failures', async () => {
    await h.http('POST', '/admin/faults', { function: 'creatediskimage', crash: 'http500' });
    await expect(guestOps.createDiskImage(toUserid('LINUX01'), '0100', 6)).rejects.toMatchObject({
      overallRC: 99,
    });
    await h.http('POST', '/admin/faults', { function: 'unpackdiskimage', hang_ms: 1000 });
    await expect(
      clientWith(200).unpackDiskImage(toUserid('LINUX01'), '0100', stream(image)),
    ).rejects.toMatchObject({ overallRC: 5 });
    expect(records.slice(-2)).toEqual([false, false]);
    // A caller's own stream failing is its error, not the link's: not counted either way.
    const counted = records.length;
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk read error'));
      },
    });
    await expect(guestOps.unpackDiskImage(toUserid('LINUX01'), '0100', broken)).rejects.toThrow(
      'disk read error',
    );
    expect(records).toHaveLength(counted);
  });
});
