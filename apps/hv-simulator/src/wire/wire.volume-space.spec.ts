import { SMAPI_MAPPINGS, type VolumeSpaceOutput } from '#hypervisor';
import { volumeSpaceRecords } from './wire.volume-space.js';

const mapping = SMAPI_MAPPINGS.Image_Volume_Space_Query_DM;

const pool: VolumeSpaceOutput = {
  pool: 'POOL1',
  deviceType: '3390',
  total: 20032,
  free: 16694,
  used: 3338,
  volumes: [
    {
      volser: 'EV0001',
      start: 1,
      size: 10016,
      free: 6678,
      freeExtents: [
        { start: 1, size: 100 },
        { start: 3439, size: 6578 },
      ],
    },
    {
      volser: 'EV0002',
      start: 1,
      size: 10016,
      free: 10016,
      freeExtents: [{ start: 1, size: 10016 }],
    },
  ],
};

describe('Image_Volume_Space_Query_DM over the wire', () => {
  it('a pool: its FREE then its USED extents make the same space report again', () => {
    const free = mapping.toWire({ pool: 'POOL1' }, '*');
    const [used] = mapping.moreCalls?.({ pool: 'POOL1' }, '*') ?? [];
    expect([free.queryType, free.entryType, used?.queryType]).toEqual([2, 3, 3]);
    const freeOut = volumeSpaceRecords(pool, free);
    expect(freeOut.records).toEqual([
      { record: 'EV0001 3390 1 100 POOL1 EV0001' },
      { record: 'EV0001 3390 3439 6578 POOL1 EV0001' },
      { record: 'EV0002 3390 1 10016 POOL1 EV0002' },
    ]);
    const usedOut = volumeSpaceRecords(pool, used ?? {});
    expect(usedOut.records).toEqual([{ record: 'EV0001 3390 101 3338 POOL1 EV0001' }]);
    expect(mapping.fromWire(freeOut, [usedOut])).toEqual(pool);
  });

  it('reads the group of a 9-field USED record from its 8th field, as the reference does', () => {
    const out = mapping.fromWire({ records: [] }, [
      { records: [{ record: 'EV0009 3390 1 50 LINUX01 0100 MR POOL7 EV0009' }] },
    ]) as VolumeSpaceOutput;
    expect(out).toMatchObject({ pool: 'POOL7', total: 50, used: 50, free: 0 });
  });

  it('a volume: its DEFINITION record, size counted from unit 0', () => {
    const values = mapping.toWire({ volume: 'EV0002' }, '*');
    expect([values.queryType, values.entryType, values.entryNames]).toEqual([1, 1, 'EV0002']);
    expect(mapping.moreCalls?.({ volume: 'EV0002' }, '*')).toEqual([]);
    const out = volumeSpaceRecords({ ...pool, volumes: [pool.volumes[1]] }, values);
    expect(out.records).toEqual([{ record: 'EV0002 3390 10017' }]);
    const space = mapping.fromWire(out, []) as VolumeSpaceOutput;
    expect(space.deviceType).toBe('3390');
    expect(space.volumes[0].start + space.volumes[0].size).toBe(10017);
  });
});
