import type { VolumeSpaceOutput } from '#hypervisor';
import { diskFigures, diskPoolDetails, hypervisorVersion, ssiLines } from './host-figures.js';

const space: VolumeSpaceOutput = {
  pool: 'POOL1',
  deviceType: '3390',
  total: 20_032,
  free: 18_000,
  used: 2_032,
  volumes: [
    {
      volser: 'EV0001',
      start: 1,
      size: 10_016,
      free: 7_984,
      freeExtents: [
        { start: 1, size: 100 },
        { start: 2133, size: 7_884 },
      ],
    },
    {
      volser: 'EV0002',
      start: 1,
      size: 10_016,
      free: 10_016,
      freeExtents: [{ start: 1, size: 10_016 }],
    },
  ],
};

describe('host figures', () => {
  it('reads the hypervisor level as an integer', () => {
    expect(hypervisorVersion('z/VM 7.2.0')).toBe(720);
    expect(hypervisorVersion('z/VM 7.3.0')).toBe(730);
    expect(hypervisorVersion('unknown')).toBe(0);
  });

  it('reports pool space in whole GiB', () => {
    // 20,032 cylinders × 737,280 B = 13.75 GiB; 18,000 → 12.36; 2,032 → 1.40
    expect(diskFigures(space)).toEqual({ disk_total: 13, disk_available: 12, disk_used: 1 });
  });

  it('lists every free extent', () => {
    expect(diskPoolDetails(space)).toEqual([
      expect.objectContaining({ volume_name: 'EV0001', start_cylinder: 1, free_size: 100 }),
      expect.objectContaining({ volume_name: 'EV0001', start_cylinder: 2133, free_size: 7884 }),
      {
        volume_name: 'EV0002',
        device_type: '3390',
        start_cylinder: 1,
        free_size: 10_016,
        dasd_group: 'POOL1',
        region_name: 'EV0002',
      },
    ]);
  });

  it('turns QUERY SSI into key = value lines, members separated by blank lines', () => {
    const lines = ssiLines([
      'SSI Name: HVSSI',
      'SSI Mode: Stable',
      'Cross-System Timeouts: Enabled',
      'SSI Persistent Data Record (PDR) device: HVSPDR on 9A20',
      'SLOT SYSTEMID  STATE          PDR HEARTBEAT         RECEIVED HEARTBEAT',
      '   1 HVSIM1    Joined         11/22/26 01:30:00     11/22/26 01:30:00',
      '   2 --------  Available',
    ]);
    expect(lines).toEqual([
      'ssi_name = HVSSI',
      'ssi_mode = Stable',
      'cross_system_timeouts = Enabled',
      'ssi_pdr = HVSPDR on 9A20',
      '',
      'member_slot = 1',
      'member_system_id = HVSIM1',
      'member_state = Joined',
      'member_pdr_heartbeat = 11/22/26 01:30:00',
      'member_received_heartbeat = 11/22/26 01:30:00',
      '',
      'member_slot = 2',
      'member_system_id = --------',
      'member_state = Available',
      'member_pdr_heartbeat = ',
      'member_received_heartbeat = ',
    ]);
    expect(ssiLines([])).toEqual([]);
  });
});
