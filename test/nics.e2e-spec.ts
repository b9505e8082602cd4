import { nicHelpers } from './support/nic-helpers.js';
import { TestStack } from './support/stack.js';

/** Guest NIC changes of spec §4.6 (create, delete, couple), against the simulator. */
describe('guest NICs', () => {
  let stack: TestStack;
  const { sim, simUser, nicdefs, nicRecords, createNic, couple, createGuest } = nicHelpers(
    () => stack,
  );
  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'in-process' });
    await sim('POST', '/smapi/Virtual_Network_Vswitch_Create_Extended', {
      target: '*',
      params: { switchName: 'VSWAWARE', vlanId: 'AWARE' },
    });
  });
  afterAll(() => stack.close());
  afterEach(() => sim('DELETE', '/admin/faults'));

  it('numbers NICs 1000, then the highest + 3, and records them', async () => {
    await createGuest('NIC01');
    const first = await createNic('NIC01', { nic_id: 'port-1', mac_addr: '02:00:00:12:AB:34' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      overallRC: 0,
      rc: 0,
      rs: 0,
      errmsg: '',
      modID: null,
      output: '1000',
    });
    expect((await createNic('NIC01', { vdev: null })).body.output).toBe('1003');
    expect((await createNic('NIC01', {})).body.output).toBe('1006');
    expect((await createNic('NIC01', { vdev: '2000', active: 'False' })).body.output).toBe('2000');
    expect((await createNic('NIC01', {})).body.output).toBe('2003');
    expect(await nicdefs('NIC01')).toEqual([
      'NICDEF 1000 TYPE QDIO DEVICES 3 MACID 12AB34',
      'NICDEF 1003 TYPE QDIO DEVICES 3',
      'NICDEF 1006 TYPE QDIO DEVICES 3',
      'NICDEF 2000 TYPE QDIO DEVICES 3',
      'NICDEF 2003 TYPE QDIO DEVICES 3',
    ]);
    const records = await nicRecords('?userid=nic01');
    expect(records.output[0]).toEqual({
      userid: 'NIC01',
      interface: '1000',
      switch: null,
      port: 'port-1',
      comments: null,
    });
    expect(records.output.map((r: any) => r.interface)).toEqual([
      '1000',
      '1003',
      '1006',
      '2000',
      '2003',
    ]);
    expect((await nicRecords('?nic_id=port-1')).output).toHaveLength(1);
    // a given number overlapping a NIC's three devices
    const overlap = await createNic('NIC01', { vdev: '1004' });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ overallRC: 409, rs: 6, modID: 20 });
  });

  it('answers the reference errors of NIC create', async () => {
    await createGuest('NIC02');
    const unknown = await createNic('NOTEXIST', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });

    const badVdev = await createNic('NIC02', { vdev: '12345' });
    expect(badVdev.status).toBe(400);
    expect(badVdev.body.errmsg).toContain('vdev');
    const badMac = await createNic('NIC02', { mac_addr: '02:00:00' });
    expect(badMac.status).toBe(400);
    expect(badMac.body.errmsg).toContain('mac_addr');
    const extra = await createNic('NIC02', { colour: 'red' });
    expect(extra.status).toBe(400);
    expect(extra.body.errmsg).toContain("'colour' was unexpected");
    expect((await stack.http('POST', '/guests/NIC02/nic', { body: {} })).body.errmsg).toContain(
      "'nic' is a required property",
    );
    const room = await createNic('NIC02', { vdev: 'FFFE' });
    expect(room.status).toBe(400);
    expect(room.body).toMatchObject({ overallRC: 100, rs: 3 });

    const offActive = await createNic('NIC02', { active: true });
    expect(offActive.status).toBe(409);
    expect(offActive.body).toMatchObject({ overallRC: 409, rc: 409, rs: 1, modID: 20 });
    expect(await nicdefs('NIC02')).toEqual([]);
    for (const info of [{ couple: true, vswitch: 'VSWAWARE' }, { couple: false }]) {
      const r = await couple('NOTEXIST', '1000', info);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ overallRC: 404, rs: 1, modID: 10 });
    }
    expect((await nicRecords('?userid=NOTEXIST')).output).toEqual([]);
  });

  it('waits out a directory entry locked by someone else, as the reference retries', async () => {
    await createGuest('NIC10');
    await sim('POST', '/admin/faults', {
      function: 'Virtual_Network_Adapter_Create_Extended_DM',
      target: 'NIC10',
      rc: 400,
      rs: 12,
      times: 1,
    });
    const r = await createNic('NIC10', {});
    expect(r.status).toBe(200);
    expect(await nicdefs('NIC10')).toEqual(['NICDEF 1000 TYPE QDIO DEVICES 3']);
  });

  it('deletes NICs: a JSON body is required, unknown device numbers are a success', async () => {
    await createGuest('NIC03');
    await createNic('NIC03', {});
    await createNic('NIC03', {});
    const noBody = await stack.http('DELETE', '/guests/NIC03/nic/1000');
    expect(noBody.status).toBe(400);
    expect(noBody.body.errmsg).toContain('Malformed JSON');
    const del = await stack.http('DELETE', '/guests/NIC03/nic/1000', { body: {} });
    expect(del.status).toBe(200);
    expect(await nicdefs('NIC03')).toEqual(['NICDEF 1003 TYPE QDIO DEVICES 3']);
    expect((await nicRecords('?userid=NIC03')).output.map((r: any) => r.interface)).toEqual([
      '1003',
    ]);
    const again = await stack.http('DELETE', '/guests/NIC03/nic/1000', {
      body: { active: 'False' },
    });
    expect(again.status).toBe(200);
    expect((await stack.http('DELETE', '/guests/NIC03/nic/ABCD', { body: {} })).status).toBe(200);
    const offActive = await stack.http('DELETE', '/guests/NIC03/nic/1003', {
      body: { active: true },
    });
    expect(offActive.status).toBe(409);
    expect((await stack.http('DELETE', '/guests/NOTEXIST/nic/1003', { body: {} })).status).toBe(
      404,
    );
    expect((await stack.http('DELETE', '/guests/NIC03/nic/XYZ12', { body: {} })).status).toBe(400);
  });

  it('couples to a VLAN-aware vswitch in the directory and the running guest, and uncouples', async () => {
    await createGuest('NIC04');
    await createNic('NIC04', {});
    const missing = await couple('NIC04', '1000', { couple: true, vswitch: 'NOTEXIST' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ overallRC: 404, modID: 20 });
    expect(missing.body.errmsg).toContain('NOTEXIST');
    expect((await couple('NIC04', '1000', { couple: true })).status).toBe(400);
    const badVlan = await couple('NIC04', '1000', {
      couple: true,
      vswitch: 'VSWAWARE',
      vlan_id: 4095,
    });
    expect(badVlan.status).toBe(400);
    expect(badVlan.body.errmsg).toContain('vlan_id');

    const ok = await couple('NIC04', '1000', { couple: 'True', vswitch: 'vswaware', vlan_id: 10 });
    expect(ok.status).toBe(200);
    expect(await nicdefs('NIC04')).toEqual([
      'NICDEF 1000 TYPE QDIO LAN SYSTEM VSWAWARE DEVICES 3 VLAN 10 PORTTYPE ACCESS',
    ]);
    // already coupled there: nothing to do, as the reference
    const again = await couple('NIC04', '1000', { couple: true, vswitch: 'VSWAWARE', vlan_id: 20 });
    expect(again.status).toBe(200);
    expect(await nicdefs('NIC04')).toEqual([
      'NICDEF 1000 TYPE QDIO LAN SYSTEM VSWAWARE DEVICES 3 VLAN 10 PORTTYPE ACCESS',
    ]);
    expect((await nicRecords('?vswitch=VSWAWARE')).output).toEqual([
      { userid: 'NIC04', interface: '1000', switch: 'VSWAWARE', port: null, comments: null },
    ]);
    // at logon CP couples the NIC as the directory says
    expect(
      (await stack.http('POST', '/guests/NIC04/action', { body: { action: 'start' } })).status,
    ).toBe(200);
    expect((await simUser('NIC04')).activeNics['1000']).toMatchObject({
      vswitch: 'VSWAWARE',
      vlan: 10,
    });
    const vsw = await sim('POST', '/smapi/Virtual_Network_Vswitch_Query_Extended', {
      target: '*',
      params: { switchName: 'VSWAWARE' },
    });
    expect(vsw.body.output[0].adapters).toEqual([
      expect.objectContaining({ adapterOwner: 'NIC04', adapterVdev: '1000' }),
    ]);
    const detail = await stack.http('GET', '/vswitches/VSWAWARE');
    expect(detail.status).toBe(200);
    expect(detail.body.output.adapters).toEqual({
      NIC04_1000: { mac: expect.any(String), type: 'QDIO' },
    });
    const adapters = await stack.http('GET', '/guests/nic04/adapters');
    expect(adapters.status).toBe(200);
    expect(adapters.body.output.adapters).toEqual([
      {
        adapter_address: '1000',
        adapter_status: '02',
        lan_owner: 'SYSTEM',
        lan_name: 'VSWAWARE',
        mac_address: expect.stringMatching(/^02:00:00(:[0-9A-F]{2}){3}$/),
      },
    ]);

    const off = await couple('NIC04', '1000', { couple: false, active: true });
    expect(off.status).toBe(200);
    expect(await nicdefs('NIC04')).toEqual(['NICDEF 1000 TYPE QDIO DEVICES 3']);
    expect((await simUser('NIC04')).activeNics['1000'].vswitch).toBeUndefined();
    expect((await nicRecords('?userid=NIC04')).output[0].switch).toBeNull();
    // uncoupling what is not coupled is a success, as the reference
    expect((await couple('NIC04', '1000', { couple: false })).status).toBe(200);

    const activeCouple = await couple('NIC04', '1000', {
      couple: true,
      vswitch: 'VSWAWARE',
      active: true,
    });
    expect(activeCouple.status).toBe(200);
    expect((await simUser('NIC04')).activeNics['1000'].vswitch).toBe('VSWAWARE');
  });

  it('undoes the directory part when the running guest refuses the NIC or the couple', async () => {
    await createGuest('NIC05');
    await createNic('NIC05', {});
    expect(
      (await stack.http('POST', '/guests/NIC05/action', { body: { action: 'start' } })).status,
    ).toBe(200);
    const before = {
      directory: (await simUser('NIC05')).directory,
      nics: (await simUser('NIC05')).activeNics,
    };
    const records = (await nicRecords('?userid=NIC05')).output;

    await sim('POST', '/admin/faults', {
      function: 'Virtual_Network_Adapter_Create_Extended',
      target: 'NIC05',
      rc: 204,
      rs: 28,
    });
    const failed = await createNic('NIC05', { active: true });
    expect(failed.status).toBe(409);
    expect(failed.body).toMatchObject({ overallRC: 409, rs: 6, modID: 20 });
    expect((await simUser('NIC05')).directory).toEqual(before.directory);
    expect((await simUser('NIC05')).activeNics).toEqual(before.nics);
    expect((await nicRecords('?userid=NIC05')).output).toEqual(records);

    await sim('POST', '/admin/faults', {
      function: 'Virtual_Network_Adapter_Connect_Vswitch',
      target: 'NIC05',
      rc: 212,
      rs: 28,
    });
    const refused = await couple('NIC05', '1000', {
      couple: true,
      vswitch: 'VSWAWARE',
      active: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ overallRC: 409, rs: 10, modID: 20 });
    expect((await simUser('NIC05')).directory).toEqual(before.directory);
    expect((await simUser('NIC05')).activeNics).toEqual(before.nics);
    expect((await nicRecords('?userid=NIC05')).output).toEqual(records);
    const op = await stack.http('GET', '/guests/NIC05/operations');
    expect(JSON.stringify(op.body)).toContain('undo couple NIC 1000 in directory');
  });

  // test_guest.py's _check_nic looks for these substrings in GET /guests/{userid}
  it("shows NICDEFs as the reference's functional tests expect them in the definition", async () => {
    await createGuest('NIC06');
    const definition = async () =>
      ((await stack.http('GET', '/guests/NIC06')).body.output.user_direct as string[]).join('\n');
    expect((await createNic('NIC06', { vdev: '1003' })).status).toBe(200);
    expect(await definition()).toContain('NICDEF 1003 TYPE QDIO DEVICES 3');
    expect((await createNic('NIC06', { vdev: '1009', mac_addr: '02:00:00:12:34:56' })).status).toBe(
      200,
    );
    expect(await definition()).toContain('NICDEF 1009 TYPE QDIO DEVICES 3 MACID 123456');
    expect((await createNic('NIC06', { vdev: '2000' })).status).toBe(200);
    expect((await couple('NIC06', '2000', { couple: true, vswitch: 'VSWAWARE' })).status).toBe(200);
    expect(await definition()).toContain('NICDEF 2000 TYPE QDIO LAN SYSTEM VSWAWARE DEVICES 3');
    expect((await couple('NIC06', '2000', { couple: false })).status).toBe(200);
    expect(await definition()).toContain('NICDEF 2000 TYPE QDIO DEVICES 3');
  });
});
