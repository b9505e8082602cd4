import { rmSync } from 'node:fs';
import { DiskLinkTable } from './disk-link.table.js';

describe('DiskLinkTable: the simulated management guest links disks as /dev/dasdX', () => {
  let table: DiskLinkTable;
  beforeEach(() => {
    table = new DiskLinkTable(`http://127.0.0.1:${process.pid}/${Date.now()}-${Math.random()}`);
  });
  afterEach(() => rmSync(table.dir, { recursive: true, force: true }));

  it('gives each disk the next free device name, the same one when linked again', () => {
    expect(table.link('LINUX01', '0201').device).toBe('dasdb');
    expect(table.link('LINUX02', '0201').device).toBe('dasdc');
    expect(table.link('LINUX01', '0201').device).toBe('dasdb');
  });

  it('finds the disk behind a device or its first partition, nothing behind others', () => {
    table.link('LINUX01', '0201');
    expect(table.byDevice('/dev/dasdb1')).toEqual({
      device: 'dasdb',
      userid: 'LINUX01',
      vdev: '0201',
    });
    expect(table.byDevice('/dev/dasdb')?.vdev).toBe('0201');
    expect(table.byDevice('/dev/dasdb2')).toBeUndefined();
    expect(table.byDevice('/dev/dasdc1')).toBeUndefined();
  });

  it('a detach frees the name for the next link', () => {
    table.link('LINUX01', '0201');
    table.link('LINUX02', '0201');
    expect(table.detach('LINUX01', '0201')).toBe(true);
    expect(table.detach('LINUX01', '0201')).toBe(false);
    expect(table.byDevice('/dev/dasdb1')).toBeUndefined();
    expect(table.link('LINUX03', '0100').device).toBe('dasdb');
  });

  it('names past dasdz go on as Linux does: dasdaa, dasdab…', () => {
    for (let i = 0; i < 26; i++) table.link('LINUX01', (0x100 + i).toString(16).padStart(4, '0'));
    expect(table.find('LINUX01', '0118')?.device).toBe('dasdz');
    expect(table.find('LINUX01', '0119')?.device).toBe('dasdaa');
  });
});
