import { BLOCK_BYTES_FBA, CYLINDER_BYTES_3390, unitsToBytes } from './geometry.constants.js';
import { defaultState } from './default.inventory.js';
import { allocate, freeExtents, poolSpace, release } from './pool.allocator.js';

describe('pool allocator', () => {
  const fresh = () => defaultState({ systemId: 'T', diskPools: ['ECKD:EXTRA', 'FBA:FBX'] });

  it('has the default inventory with real geometry', () => {
    const s = fresh();
    expect(CYLINDER_BYTES_3390).toBe(737_280);
    expect(BLOCK_BYTES_FBA).toBe(512);
    expect(unitsToBytes('3390', 10)).toBe(7_372_800);
    expect(s.pools.POOL1?.volumes.map((v) => v.volser)).toEqual([
      'EV0001',
      'EV0002',
      'EV0003',
      'EV0004',
    ]);
    expect(s.pools.POOL1?.volumes[0]).toMatchObject({ start: 1, size: 10_016 });
    expect(s.pools.FBAPOOL1?.deviceType).toBe('9336');
    expect(s.pools.FBAPOOL1?.volumes[0]?.size).toBe(4_194_304);
    // Extra configured pools get their own volsers.
    expect(s.pools.EXTRA?.volumes[0]?.volser).toBe('EV0101');
    expect(s.pools.FBX?.volumes[0]?.volser).toBe('FB0101');
    expect(s.profiles).toEqual(['OSDFLT']);
  });

  it('allocates first fit, never across volumes, and reuses freed holes', () => {
    const pool = fresh().pools.POOL1;
    expect(allocate(pool, 5000, 'A', '0100')).toEqual({ volser: 'EV0001', start: 1 });
    expect(allocate(pool, 5000, 'B', '0100')).toEqual({ volser: 'EV0001', start: 5001 });
    // 16 cylinders left on EV0001: a 100-cylinder disk goes to EV0002.
    expect(allocate(pool, 100, 'C', '0100')).toEqual({ volser: 'EV0002', start: 1 });
    expect(allocate(pool, 16, 'D', '0100')).toEqual({ volser: 'EV0001', start: 10_001 });
    expect(release({ POOL1: pool }, 'A')).toBe(1);
    expect(allocate(pool, 4000, 'E', '0101')).toEqual({ volser: 'EV0001', start: 1 });
    expect(allocate(pool, 1001, 'F', '0101')).toEqual({ volser: 'EV0002', start: 101 });
    expect(allocate(pool, 1000, 'G', '0101')).toEqual({ volser: 'EV0001', start: 4001 });
    expect(allocate(pool, 10_017, 'H', '0101')).toBeUndefined();
  });

  it('lists the free runs between extents', () => {
    const pool = fresh().pools.POOL1;
    allocate(pool, 100, 'A', '0100');
    allocate(pool, 200, 'B', '0100');
    release({ POOL1: pool }, 'A');
    expect(freeExtents(pool.volumes[0])).toEqual([
      { start: 1, size: 100 },
      { start: 301, size: 9_716 },
    ]);
  });

  it('reports space per volume and in total', () => {
    const pool = fresh().pools.POOL1;
    allocate(pool, 300, 'A', '0100');
    const space = poolSpace(pool);
    expect(space).toMatchObject({ pool: 'POOL1', deviceType: '3390', total: 40_064, used: 300 });
    expect(space.free).toBe(40_064 - 300);
    expect(space.volumes[0]).toEqual({
      volser: 'EV0001',
      start: 1,
      size: 10_016,
      free: 9_716,
      freeExtents: [{ start: 301, size: 9_716 }],
    });
  });
});
