import { TestStack } from './support/stack.js';

/** GET_FCP_PAIR_WITH_SAME_INDEX=1 (reference §8.5): every path gives its i-th FCP. */
describe('FCP allocation with the same index on every path', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'in-process',
      env: { GET_FCP_PAIR_WITH_SAME_INDEX: '1' },
    });
  });
  afterAll(() => stack.close());

  const reserve = async (userid: string, tmpl: string): Promise<string[]> =>
    (await stack.http('GET', `/volumes/conn/${userid}?reserve=true&fcp_template_id=${tmpl}`)).body
      .output.zvm_fcp;

  it('pairs FCPs by index, skips an index with a busy FCP, and needs every path', async () => {
    const made = await stack.http('POST', '/volumes/fcptemplates', {
      body: { name: 'pairs', fcp_devices: '1a00-1a03;1b00-1b03', min_fcp_paths_count: 1 },
    });
    const t = made.body.output.fcp_template.id;
    // index 0 is not free on path 1
    const busy = await stack.http('PUT', '/volumes/fcp/1b00', {
      body: { info: { userid: 'other', reserved: 1, connections: 1, fcp_template_id: t } },
    });
    expect(busy.status).toBe(200);
    const got = [];
    for (const g of ['SAME1', 'SAME2', 'SAME3']) got.push(await reserve(g, t));
    const indexes = got.map(([a, b]) => {
      expect(a.slice(0, 2)).toBe('1a');
      expect(b.slice(0, 2)).toBe('1b');
      expect(a.slice(2)).toBe(b.slice(2));
      return a.slice(2);
    });
    expect(indexes.sort()).toEqual(['01', '02', '03']);
    // only index 0 is left and 1b00 is busy: nothing, although the template's minimum is 1
    // (the default algorithm would give 1a00 alone)
    const none = await stack.http('GET', `/volumes/conn/SAME4?reserve=true&fcp_template_id=${t}`);
    expect(none.status).toBe(200);
    expect(none.body.output).toMatchObject({ zvm_fcp: [], is_reserved_changed: false });
    expect(none.body.output.empty_fcp_list_reason).toEqual(expect.any(String));
  });
});
