import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';

describe('punch, queryrdr and purge', () => {
  let h: Harness;
  const spool = () => readdir(join(h.dir, 'spool'));

  beforeEach(async () => {
    h = await startHarness();
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: userDirectory('LINUX01') });
  });
  afterEach(() => h.close());

  it('punches files to a reader, lists them, and purges one', async () => {
    const cfg = Buffer.from('#!/bin/sh\necho configured\n'.repeat(10));
    const a = await h.mgmt('punch', { userid: 'linux01', name: 'cfgdrive.tgz' }, cfg);
    expect(a.json).toEqual({
      rc: 0,
      lines: ['RDR FILE 0001 SENT FROM HVSIMMGR PUN WAS 0001 RECS 0004 CPY  001 X NOHOLD NOKEEP'],
      spoolId: 1,
    });
    const b = await h.mgmt('punch', { userid: 'LINUX01', class: 'a', name: 'iucvauth.sh' }, cfg);
    expect(b.json.spoolId).toBe(2);

    const list = await h.mgmt('queryrdr', { userid: 'LINUX01' });
    expect(list.json.rc).toBe(0);
    expect(list.json.files).toEqual([
      {
        spoolId: 1,
        spoolClass: 'X',
        name: 'cfgdrive.tgz',
        size: cfg.length,
        time: expect.any(String),
      },
      {
        spoolId: 2,
        spoolClass: 'A',
        name: 'iucvauth.sh',
        size: cfg.length,
        time: expect.any(String),
      },
    ]);
    expect(list.json.lines).toHaveLength(3);
    const [user] = (await h.http('GET', '/admin/state')).body.users;
    expect(user.reader.map((f: { spoolId: number }) => f.spoolId)).toEqual([1, 2]);
    expect(await readFile(join(h.dir, 'spool', 'LINUX01_0001.spool'))).toEqual(cfg);

    expect((await h.mgmt('purge', { userid: 'LINUX01', spoolid: '1' })).json).toEqual({
      rc: 0,
      lines: ['0000001 FILE PURGED'],
    });
    expect((await h.mgmt('queryrdr', { userid: 'LINUX01' })).json.files).toHaveLength(1);
    expect(await spool()).toEqual(['LINUX01_0002.spool']);
    const again = await h.mgmt('purge', { userid: 'LINUX01', spoolid: '1' });
    expect(again.json).toEqual({
      rc: 3,
      lines: ['ERROR: HCP042E User LINUX01 spoolid 0001 does not exist'],
    });
    expect(
      h.sim.calls
        .since()
        .map((c) => c.function)
        .filter((f) => !f.startsWith('Image')),
    ).toEqual(['punch', 'punch', 'queryrdr', 'purge', 'queryrdr', 'purge']);
  });

  it('refuses unknown users and bad arguments, keeping nothing', async () => {
    const body = Buffer.alloc(100_000, 1);
    const nosuch = await h.mgmt('punch', { userid: 'NOSUCH', name: 'x.sh' }, body);
    expect(nosuch.json).toEqual({ rc: 3, lines: ['ERROR: HCP053E NOSUCH not in CP directory'] });
    expect((await h.mgmt('queryrdr', { userid: 'NOSUCH' })).json.rc).toBe(3);
    expect((await h.mgmt('purge', { userid: 'NOSUCH', spoolid: '1' })).json.rc).toBe(3);
    expect((await h.mgmt('punch', { userid: 'LINUX01' }, body)).json).toEqual({
      rc: 1,
      lines: ['ERROR: Missing required parameter: name.'],
    });
    expect(
      (await h.mgmt('punch', { userid: 'LINUX01', class: '??', name: 'x' }, body)).json.rc,
    ).toBe(1);
    expect((await h.mgmt('purge', { userid: 'LINUX01', spoolid: 'abc' })).json.rc).toBe(1);
    expect((await h.mgmt('queryrdr', { userid: 'LINUX01' })).json).toEqual({
      rc: 0,
      lines: ['NO RDR FILES'],
      files: [],
    });
    expect(await spool()).toEqual([]);
    expect((await h.mgmt('nosuchop', {})).status).toBe(404);
  });

  it('keeps the reader across a restart; deleting the user removes its spool files', async () => {
    await h.mgmt('punch', { userid: 'LINUX01', name: 'a' }, Buffer.from('a'));
    await h.restart();
    expect((await h.mgmt('queryrdr', { userid: 'LINUX01' })).json.files).toHaveLength(1);
    // Spool ids go on from where they were.
    expect(
      (await h.mgmt('punch', { userid: 'LINUX01', name: 'b' }, Buffer.from('b'))).json.spoolId,
    ).toBe(2);
    await h.smapi('Image_Delete_DM', 'LINUX01');
    expect(await spool()).toEqual([]);
  });
});
