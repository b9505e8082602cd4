import { Queue } from 'bullmq';
import { Redis as IORedis } from 'ioredis';
import { ageOperation } from '#persistence/testing';
import { eventually, request } from './support/http.js';
import { pyStr, ReferenceClient } from './support/reference-client.js';
import { importSampleImage } from './support/sample-image.js';
import { TestStack } from './support/stack.js';
import { bootDisk, disk, guestBody } from './support/fixtures.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Issue #11: what the reference's own client (zvmconnector/restclient.py) still tripped on.
 * Every request here is built as that client builds it (see support/reference-client.ts); the
 * worker is the built one, in its own process, as production runs it.
 */
describe('the reference client, on the wire', () => {
  let stack: TestStack;
  let client: ReferenceClient;

  beforeAll(async () => {
    stack = await TestStack.start({ worker: 'process' });
    client = new ReferenceClient(stack);
    // guest_create('ref01', 1, 1024, disk_list=[...])
    const made = await client.call(
      'POST',
      '/guests',
      guestBody({ userid: 'ref01', memory: 1024, disks: [bootDisk('10'), disk('100')] }),
    );
    expect(made.status).toBe(200);
  });
  afterAll(() => stack.close());

  describe('1. an unknown image is the image database notExist (404/404/1, modID 40)', () => {
    const notExist = (name: string) => ({
      overallRC: 404,
      rc: 404,
      rs: 1,
      modID: 40,
      errmsg: `Image with name: ${name} does not exist.`,
      output: '',
    });

    it('image_query(imagename=...)', async () => {
      const res = await client.call('GET', '/images?imagename=nosuchimg');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notExist('nosuchimg'));
    });

    it('image_get_root_disk_size', async () => {
      const res = await client.call('GET', '/images/nosuchimg/root_disk_size');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notExist('nosuchimg'));
    });

    it('guest_deploy naming an unknown image', async () => {
      const res = await client.call('POST', '/guests/REF01/action', {
        action: 'deploy',
        image: 'nosuchimg',
        vdev: '0100',
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notExist('nosuchimg'));
    });
  });

  describe('2. routes without a schema in the reference accept and ignore unknown keys', () => {
    it('volume_refresh_bootmap sends fcpchannels beside fcpchannel', async () => {
      const kwargs = {
        fcpchannels: ['1a06', '1b06'],
        wwpn: ['0x5005076802100c1a', '0x5005076802200c1a'],
        lun: '0x0000000000000000',
        transportfiles: '',
      };
      // req_volume_refresh_bootmap: the named fields, then every keyword argument again
      const info: Record<string, unknown> = Object.assign(
        {
          fcpchannel: kwargs.fcpchannels,
          wwpn: kwargs.wwpn,
          lun: kwargs.lun,
          wwid: '',
          transportfiles: '',
          guest_networks: [],
          fcp_template_id: null,
        },
        kwargs,
      );
      const res = await client.call('PUT', '/volumes/volume_refresh_bootmap', { info });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ overallRC: 0, modID: null });
      expect(Object.keys(res.body.output).sort()).toEqual(['1a06', '1b06']);
    });

    it('guest_delete_nic and register_vm with extra keywords; a query key nic_DB_info does not declare stays a 400', async () => {
      const del = await client.call('DELETE', '/guests/REF01/nic/2000', {
        active: false,
        comment: 'ignored',
      });
      expect(del.status).toBe(200);
      // the reference's nic_DB_info query schema has additionalProperties: False
      const nics = await client.call('GET', '/guests/nics?userid=REF01&extra=1');
      expect(nics.status).toBe(400);
      const reg = await client.call('POST', '/guests/REF01/action', {
        action: 'register_vm',
        meta: 'os_version=rhel9.0',
        net_set: '1',
        extra: 'ignored',
      });
      expect(reg.status).toBe(200);
    });
  });

  describe('3. deleting a guest resets its FCP records', () => {
    it('frees the FCPs and lets the template go', async () => {
      const tmpl = await client.call('POST', '/volumes/fcptemplates', {
        name: 'reft',
        fcp_devices: '1a0c-1a0d;1b0c-1b0d',
      });
      expect(tmpl.status).toBe(200);
      const id: string = tmpl.body.output.fcp_template.id;
      const made = await client.call('POST', '/guests', {
        guest: { userid: 'ref03', vcpus: 1, memory: 1024 },
      });
      expect(made.status).toBe(200);
      // get_volume_connector('ref03', reserve=True, fcp_template_id=id, storage_provider=None)
      const conn = await client.call('GET', '/volumes/conn/ref03', {
        info: { reserve: true, fcp_template_id: id, storage_provider: null },
      });
      expect(conn.status).toBe(200);
      const fcps: string[] = conn.body.output.zvm_fcp;
      expect(fcps).toHaveLength(2);
      expect((await client.call('DELETE', `/volumes/fcptemplates/${id}`)).status).toBe(409);

      expect((await client.call('DELETE', '/guests/ref03')).status).toBe(200);
      for (const f of fcps) {
        const usage = await client.call('GET', `/volumes/fcp/${f}`);
        expect(usage.body.output).toEqual(['', 0, 0, '']); // assigner, reserved, connections, template
      }
      expect((await client.call('DELETE', `/volumes/fcptemplates/${id}`)).status).toBe(200);
    });
  });

  describe('4. get_fcp_templates(template_id_list=[unknown])', () => {
    it('is the not-exist error naming the missing ids', async () => {
      const known = await client.call('POST', '/volumes/fcptemplates', { name: 'ref4' });
      const id: string = known.body.output.fcp_template.id;
      const url = `/volumes/fcptemplates?template_id_list=${pyStr([id, 'nosuchid'])}`;
      const res = await client.call('GET', url);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ overallRC: 404, rc: 404, rs: 1 });
      expect(res.body.errmsg).toContain("['nosuchid']");
      expect(res.body.errmsg).not.toContain(id);
      const detail = await client.call(
        'GET',
        `/volumes/fcptemplates/detail?template_id_list=${pyStr(['nosuchid'])}&raw=False&statistics=True&sync_with_zvm=False`,
      );
      expect(detail.status).toBe(404);
      expect(detail.body.errmsg).toContain("['nosuchid']");
    });
  });

  describe('5. vswitch_grant_user to an unknown guest', () => {
    it('is 404 as other guest routes', async () => {
      expect(
        (await client.call('POST', '/vswitches', { vswitch: { name: 'REFSW1' } })).status,
      ).toBe(200);
      const grant = await client.call('PUT', '/vswitches/REFSW1', {
        vswitch: { grant_userid: 'nobody1' },
      });
      expect(grant.status).toBe(404);
      expect(grant.body).toMatchObject({ overallRC: 404, rc: 404, rs: 1, modID: 10 });
      const vlan = await client.call('PUT', '/vswitches/REFSW1', {
        vswitch: { user_vlan_id: { userid: 'nobody1', vlanid: 10 } },
      });
      expect(vlan.status).toBe(404);
      const known = await client.call('PUT', '/vswitches/REFSW1', {
        vswitch: { grant_userid: 'ref01' },
      });
      expect(known.status).toBe(200);
    });
  });

  describe('6. guest_get_disks_info reports the real device each minidisk is on', () => {
    interface SimVolume {
      volser: string;
      rdev: string;
    }
    interface SimDisk {
      vdev: string;
      volser: string;
    }

    it('rdev is the device of the volume the simulator allocated the minidisk on', async () => {
      // Three disks on three volumes: two ECKD (the second does not fit beside the first) and one FBA.
      const made = await client.call(
        'POST',
        '/guests',
        guestBody({
          userid: 'ref06',
          memory: 1024,
          disks: [bootDisk('5000'), disk('9000'), disk('1g', { disk_pool: 'FBA:FBAPOOL1' })],
        }),
      );
      expect(made.status).toBe(200);
      expect((await client.call('POST', '/guests/REF06/action', { action: 'start' })).status).toBe(
        200,
      );

      const sim = async (path: string) => (await request(stack.simUrl, 'GET', path)).body;
      const since = (await sim('/admin/calls')).lastSeq;
      const res = await client.call('GET', '/guests/REF06/disks');
      expect(res.status).toBe(200);
      // one query for the whole list, not one per disk
      const asked = (await sim(`/admin/calls?since=${since}`)).calls.filter(
        (c: { target: string }) => c.target === 'REF06',
      );
      expect(asked.map((c: { function: string }) => c.function)).toEqual(['Image_Disk_Query']);

      const state = await sim('/admin/state');
      const rdevOf = new Map<string, string>(
        state.pools.flatMap((p: { volumes: SimVolume[] }) =>
          p.volumes.map((v) => [v.volser, v.rdev] as const),
        ),
      );
      const user = state.users.find((u: { userid: string }) => u.userid === 'REF06');
      const disks: Record<string, SimDisk> = user.disks;
      const expected = Object.values(disks)
        .map((d) => ({ vdev: d.vdev, rdev: rdevOf.get(d.volser), volume_label: d.volser }))
        .sort((a, b) => a.vdev.localeCompare(b.vdev));
      expect(new Set(expected.map((d) => d.rdev)).size).toBe(3);
      expect(
        res.body.output.minidisks.map((m: Record<string, unknown>) => ({
          vdev: m.vdev,
          rdev: m.rdev,
          volume_label: m.volume_label,
        })),
      ).toEqual(expected);
      for (const m of res.body.output.minidisks) expect(m.rdev).toMatch(/^[0-9A-F]{4}$/);

      // Logged off, the minidisks are linked nowhere: the directory's entries, rdev null.
      expect((await client.call('POST', '/guests/REF06/action', { action: 'stop' })).status).toBe(
        200,
      );
      const off = await client.call('GET', '/guests/REF06/disks');
      expect(off.status).toBe(200);
      expect(
        off.body.output.minidisks.map((m: Record<string, unknown>) => [m.vdev, m.rdev]),
      ).toEqual(expected.map((d) => [d.vdev, null]));
    });
  });

  describe('7. modID is an integer or null', () => {
    it('delete disks of an active guest: 501 with the guest module, 10', async () => {
      expect((await client.call('POST', '/guests/REF01/action', { action: 'start' })).status).toBe(
        200,
      );
      const res = await client.call('DELETE', '/guests/REF01/disks', {
        vdev_info: { vdev_list: ['0101'] },
      });
      expect(res.status).toBe(501);
      expect(res.body).toMatchObject({ overallRC: 501, rc: 501, rs: 1, modID: 10 });
      const capture = await client.call('POST', '/guests/REF01/action', {
        action: 'capture',
        image: 'refall',
        capture_type: 'alldisks',
      });
      expect(capture.status).toBe(501);
      expect(capture.body.modID).toBe(10);
      expect((await client.call('POST', '/guests/REF01/action', { action: 'stop' })).status).toBe(
        200,
      );
    });
  });

  describe('8. the hourly operations.prune job', () => {
    const board = async (status: string) => {
      const res = await stack.http(
        'GET',
        `/admin/queues/api/queues?activeQueue=maintenance&status=${status}&page=1&jobsPerPage=20`,
      );
      expect(res.status).toBe(200);
      return res.body.queues.find((q: { name: string }) => q.name === 'maintenance');
    };

    it('removes an operation past retention in the real worker and shows completed', async () => {
      const made = await client.call('POST', '/vswitches', { vswitch: { name: 'PRUNESW' } });
      expect(made.status).toBe(200);
      const listed = await stack.http('GET', '/operations?kind=vswitch.create&limit=50');
      const op = listed.body.output.operations.find(
        (o: { target: string; status: string }) => o.status === 'succeeded',
      );
      expect(op).toBeDefined();
      // eight days old: past OPERATION_RETENTION_DAYS (7)
      await ageOperation(stack.config.DATABASE_URL, op.id, new Date(Date.now() - 8 * DAY_MS));
      // the schedule's first run happened when the worker started; the next one is an hour off:
      // the board shows it, but is read-only (issue #59), so promote it through BullMQ itself
      const delayed = await eventually(async () => (await board('delayed')).jobs[0], 15000);
      const connection = new IORedis(stack.config.REDIS_URL, { maxRetriesPerRequest: null });
      const queue = new Queue('maintenance', { connection, prefix: stack.config.QUEUE_PREFIX });
      try {
        await (await queue.getJob(delayed.id))!.promote();
      } finally {
        await queue.close();
        connection.disconnect();
      }
      await eventually(
        async () =>
          (await stack.http('GET', `/operations/${op.id}`)).status === 404 ? true : undefined,
        20000,
        'the pruned operation to be gone',
      );
      // the run moves to completed after its deletes are visible: on a loaded machine, later
      const done = await eventually(
        async () => {
          const b = await board('completed');
          return b.counts.completed >= 2 ? b : undefined;
        },
        15000,
        'the start-up run and the promoted one completed',
      );
      expect(done.counts.failed).toBe(0);
      expect(done.jobs.every((j: { name: string }) => j.name === 'operations.prune')).toBe(true);
    });
  });

  describe('decide: host_get_diskpool_volumes answers the spec shape for one pool', () => {
    it('with ?poolname= and with the single default pool', async () => {
      const named = await client.call('GET', '/host/diskpool_volumes?poolname=ECKD:POOL1');
      expect(named.status).toBe(200);
      expect(named.body.output).toEqual({ diskpool_volumes: 'EV0001 EV0002 EV0003 EV0004' });
      const dflt = await client.call('GET', '/host/diskpool_volumes');
      expect(dflt.body.output).toEqual({ diskpool_volumes: 'EV0001 EV0002 EV0003 EV0004' });
    });
  });

  describe('decide: image_import of a taken name reports the duplicate first', () => {
    it('409 rs 13 even when the url cannot be read', async () => {
      await importSampleImage(stack, 'refimg');
      const res = await client.call('POST', '/images', {
        image: {
          image_name: 'refimg',
          url: 'file:///nonexistent/dir/refimg.img',
          image_meta: { os_version: 'rhel9.0' },
        },
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ overallRC: 300, rc: 300, rs: 13, modID: 40 });
    });
  });
});
