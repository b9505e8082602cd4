import { request as httpRequest } from 'node:http';
import { type HttpResult, request } from './http.js';
import type { TestStack } from './stack.js';

/**
 * Helpers of the NIC e2e files: the simulator's view of a guest and the NIC routes. `current`
 * gives the file's stack, which beforeAll starts after the helpers are made.
 */
export function nicHelpers(current: () => TestStack) {
  const sim = (method: string, path: string, body?: unknown): Promise<HttpResult> =>
    request(current().simUrl, method, path, { body });
  const simUser = async (id: string): Promise<any> =>
    (await sim('GET', '/admin/state')).body.users.find((u: any) => u.userid === id);
  return {
    sim,
    simUser,
    nicdefs: async (id: string): Promise<string[]> =>
      ((await simUser(id)).directory as string[]).filter((l) => l.startsWith('NICDEF')),
    nicRecords: async (query: string): Promise<any> =>
      (await current().http('GET', `/guests/nics${query}`)).body,
    createNic: (userid: string, nic: object) =>
      current().http('POST', `/guests/${userid}/nic`, { body: { nic } }),
    couple: (userid: string, vdev: string, info: object) =>
      current().http('PUT', `/guests/${userid}/nic/${vdev}`, { body: { info } }),
    async createGuest(userid: string): Promise<void> {
      const r = await current().http('POST', '/guests', {
        body: {
          guest: {
            userid,
            vcpus: 1,
            memory: 1024,
            disk_list: [{ size: '10', is_boot_disk: true }],
          },
        },
      });
      if (r.status !== 200) throw new Error(`create ${userid}: ${r.status} ${r.text}`);
    },
    /** GET with a JSON body, as the reference's clients send `GET /vswitch` (fetch cannot). */
    async getWithBody(path: string, body: unknown): Promise<{ status: number; body: any }> {
      const stack = current();
      const token = await stack.token();
      const data = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = httpRequest(
          `${stack.url}${path}`,
          {
            method: 'GET',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(data),
              'x-auth-token': token,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    },
  };
}
