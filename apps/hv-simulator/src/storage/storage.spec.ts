import { startHarness, userDirectory, type Harness } from '../testing/simulator.harness.js';

const W1 = '0x5005076802100c1a';
const W2 = '0x5005076802200c1a';
const LUN = '0x0001000000000000';

/** The attach/detach script as the service punches it (libs/volumes volume-script.ts). */
function script(over: Record<string, string> = {}): string {
  const v = {
    fcp_list: '1a00 1b00',
    target_wwpns: `${W1} ${W2}`,
    target_lun: LUN,
    multipath: 'True',
    target_filename: '/dev/mydisk',
    total_connections: '1',
    ...over,
  };
  return ['#!/bin/bash', ...Object.entries(v).map(([k, x]) => `${k}="${x}"`), ''].join('\n');
}

describe('guest storage: volume scripts over the configuration service', () => {
  let h: Harness;
  const osView = async () => (await h.http('GET', '/admin/guests/VOLX/os')).body;
  /** Punches the script, starts the service over IUCV; the exit status systemctl reports. */
  const apply = async (name: 'atvol.sh' | 'devol.sh', text: string): Promise<number> => {
    const p = await h.mgmt('punch', { userid: 'VOLX', name, class: 'X' }, Buffer.from(text));
    expect(p.json.rc).toBe(0);
    await h.mgmt('execcmd', { userid: 'VOLX', cmd: 'systemctl start zvmguestconfigure.service' });
    const st = await h.mgmt('execcmd', {
      userid: 'VOLX',
      cmd: 'systemctl status zvmguestconfigure.service',
    });
    return Number(/status=(\d+)/.exec(st.json.lines.join('\n'))?.[1]);
  };

  beforeEach(async () => {
    h = await startHarness();
    expect(
      (await h.smapi('Image_Create_DM', 'VOLX', { directory: userDirectory('VOLX') })).rc,
    ).toBe(0);
    // a running guest with an OS up (what a deploy and start would leave)
    const u = h.sim.state.user('VOLX');
    if (!u) throw new Error('no VOLX');
    u.loggedOn = true;
    u.os = { distro: 'rhel9.0', kernel: '5.14' };
    for (const fcp of ['1a00', '1b00']) {
      expect(
        (await h.smapi('Image_Device_Dedicate_DM', 'VOLX', { vdev: fcp, realDevice: fcp })).rc,
      ).toBe(0);
    }
  });
  afterEach(() => h.close());

  it('attach makes the LUN visible on every path with a multipath map and mount point', async () => {
    expect(await apply('atvol.sh', script())).toBe(0);
    const v = await osView();
    expect(v.settings).toEqual({
      multipathd: true,
      multipathFlushFails: false,
      iucvAuthorized: true,
    });
    expect(v.volumes).toEqual([
      {
        lun: LUN,
        paths: [
          { fcp: '1a00', wwpn: W1, device: 'sda' },
          { fcp: '1a00', wwpn: W2, device: 'sdb' },
          { fcp: '1b00', wwpn: W1, device: 'sdc' },
          { fcp: '1b00', wwpn: W2, device: 'sdd' },
        ],
        map: 'mpatha',
        mountPoint: { path: '/dev/mydisk', target: '/dev/mapper/mpatha' },
      },
    ]);
    // the script was taken from the reader
    expect((await h.mgmt('queryrdr', { userid: 'VOLX' })).json.files).toEqual([]);
    // without multipath: the first path's device
    expect(
      await apply(
        'atvol.sh',
        script({ target_lun: '0x0002000000000000', multipath: 'False', target_wwpns: W1 }),
      ),
    ).toBe(0);
    expect((await osView()).volumes[1]).toMatchObject({
      paths: [
        { fcp: '1a00', wwpn: W1, device: 'sde' },
        { fcp: '1b00', wwpn: W1, device: 'sdf' },
      ],
      mountPoint: { path: '/dev/mydisk', target: '/dev/sde' },
    });
    expect((await osView()).volumes[1].map).toBeUndefined();

    expect(await apply('devol.sh', script())).toBe(0);
    expect((await osView()).volumes.map((x: { lun: string }) => x.lun)).toEqual([
      '0x0002000000000000',
    ]);
  });

  it('a LUN attached again over more FCPs keeps its devices and adds new ones', async () => {
    expect(await apply('atvol.sh', script({ fcp_list: '1b00' }))).toBe(0);
    expect(await apply('atvol.sh', script())).toBe(0);
    const [v] = (await osView()).volumes;
    expect(v.paths).toEqual([
      { fcp: '1a00', wwpn: W1, device: 'sdc' },
      { fcp: '1a00', wwpn: W2, device: 'sdd' },
      { fcp: '1b00', wwpn: W1, device: 'sda' },
      { fcp: '1b00', wwpn: W2, device: 'sdb' },
    ]);
    expect(v.map).toBe('mpatha');
  });

  it('answers the reference exit statuses', async () => {
    expect(await apply('atvol.sh', script({ target_lun: '0x1' }))).toBe(2);
    expect(await apply('atvol.sh', script({ target_wwpns: '0x5005076802300c1a' }))).toBe(3);
    expect(await apply('atvol.sh', script({ fcp_list: '1a01' }))).toBe(3); // not the guest's FCP
    expect(await apply('atvol.sh', script({ target_lun: '0x0009000000000000' }))).toBe(4);
    expect((await osView()).volumes).toEqual([]);

    const off = await h.http('PUT', '/admin/guests/volx/os', { multipathd: false });
    expect(off.status).toBe(200);
    expect(off.body.settings.multipathd).toBe(false);
    expect(await apply('atvol.sh', script())).toBe(1);
    expect(await apply('atvol.sh', script({ multipath: 'False' }))).toBe(0);
    expect(await apply('devol.sh', script())).toBe(1);
    await h.http('PUT', '/admin/guests/VOLX/os', { multipathd: true });
    expect(await apply('atvol.sh', script())).toBe(0);
    await h.http('PUT', '/admin/guests/VOLX/os', { multipathFlushFails: true });
    expect(await apply('devol.sh', script())).toBe(5);
    expect((await osView()).volumes).toHaveLength(1);
    expect(await apply('devol.sh', script({ target_wwpns: '0x5005076802300c1a' }))).toBe(3);
    await h.http('PUT', '/admin/guests/VOLX/os', { multipathFlushFails: false });
    expect(await apply('devol.sh', script())).toBe(0);
    expect((await osView()).volumes).toEqual([]);

    expect((await h.http('PUT', '/admin/guests/VOLX/os', { multipathd: 'no' })).status).toBe(400);
    expect((await h.http('PUT', '/admin/guests/VOLX/os', { bogus: true })).status).toBe(400);
    expect((await h.http('GET', '/admin/guests/NOBODY/os')).status).toBe(404);
  });

  it('an unauthorised IUCV client gets UNAUTHORIZED_ERROR', async () => {
    await h.http('PUT', '/admin/guests/VOLX/os', { iucvAuthorized: false });
    const r = await h.mgmt('execcmd', { userid: 'VOLX', cmd: 'pwd' });
    expect(r.json.rc).not.toBe(0);
    expect(r.json.lines.join(' ')).toContain('UNAUTHORIZED_ERROR');
    await h.http('PUT', '/admin/guests/VOLX/os', { iucvAuthorized: true });
    expect((await h.mgmt('execcmd', { userid: 'VOLX', cmd: 'pwd' })).json).toEqual({
      rc: 0,
      lines: ['/root'],
    });
  });
});

describe('refresh_bootmap', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());
  const run = async (args: Record<string, string>) => (await h.mgmt('refresh_bootmap', args)).json;
  const owners = async () =>
    Object.fromEntries(
      (await h.http('GET', '/admin/fcp')).body.devices.map(
        (d: { fcpId: string; owner: string }) => [d.fcpId, d.owner],
      ),
    );

  it('finds the paths to the LUN, runs zipl on a root disk and gives the FCPs back', async () => {
    const before = await owners();
    const r = await run({
      fcpchannel: '1a00,1b00',
      wwpn: '5005076802100c1a,5005076802200c1a,5005076802300c1a',
      lun: '0000000000000000',
    });
    expect(r.rc).toBe(0);
    expect(r.lines).toContain(
      'RESULT PATHS: 1a00:5005076802100c1a 5005076802200c1a,1b00:5005076802100c1a 5005076802200c1a',
    );
    expect(r.lines).toContain('Successed to execute zipl on the root disk.');
    expect(await owners()).toEqual(before);
    const data = await run({
      fcpchannel: '1a00',
      wwpn: '5005076802100c1a',
      lun: '0001000000000000',
    });
    expect(data.lines).toContain('This is not the root disk, zipl will not be executed on it');
  });

  it('fails with the script exit statuses and leaves no FCP dedicated', async () => {
    const before = await owners();
    expect((await run({ fcpchannel: '1a00', wwpn: '5005076802100c1a' })).rc).toBe(4);
    expect((await run({ fcpchannel: '1a00,1a0f', wwpn: '5005076802100c1a', lun: '0' })).rc).toBe(3);
    expect((await run({ fcpchannel: '1b0f', wwpn: '5005076802100c1a', lun: '0' })).rc).toBe(3);
    const none = await run({ fcpchannel: '1a00', wwpn: '5005076802300c1a', lun: '0' });
    expect(none.rc).toBe(10);
    expect(none.lines.some((l: string) => l.startsWith('Exit MSG: No valid paths found'))).toBe(
      true,
    );
    expect(
      (await run({ fcpchannel: '1a00', wwpn: '5005076802100c1a', lun: '0009000000000000' })).rc,
    ).toBe(10);
    expect(
      (await run({ fcpchannel: '1a00', wwpn: '5005076802100c1a', lun: '0', minfcp: '2' })).rc,
    ).toBe(10);
    const nine = '1a00,1a01,1a02,1a03,1a04,1a05,1a06,1a07,1a08';
    expect((await run({ fcpchannel: nine, wwpn: '5005076802100c1a', lun: '0' })).rc).toBe(12);
    expect(
      (await run({ fcpchannel: '1a00', wwpn: '5005076802100c1a', lun: '0', ignitionurl: 'x' })).rc,
    ).toBe(6);
    expect(await owners()).toEqual(before);
  });
});
