import { LINUX01, startHarness, type Harness } from '../testing/simulator.harness.js';
import { capturedTool } from '../testing/tool-output.js';
import { vmur } from './vmur.tool.js';

/** The simulated vmur in-process: its exit status and what it printed. */
const run = (args: string[]) => capturedTool(() => vmur(args));

describe("the simulated vmur: list and receive of the management guest's reader", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    process.env.HV_SIMULATOR_URL = h.url;
    const directory = [...LINUX01, 'COMMAND SPOOL CONSOLE * START'];
    await h.smapi('Image_Create_DM', 'LINUX01', { directory });
    await h.smapi('Image_Activate', 'LINUX01');
  });
  afterAll(async () => {
    delete process.env.HV_SIMULATOR_URL;
    await h.close();
  });

  it('list: NO RDR FILES, then the console file in the columns the reference reads', async () => {
    expect(await run(['list'])).toEqual({ code: 0, out: 'NO RDR FILES\n', err: '' });
    await h.smapi('Image_Console_Get', 'LINUX01');
    const { code, out } = await run(['list']);
    expect(code).toBe(0);
    const [heading, file] = out.trimEnd().split('\n');
    expect(heading).toMatch(/^ORIGINID FILE CLASS RECORDS/);
    const words = file.split(/\s+/);
    // the reference: [0] userid, [1] spool id, [2] 'T', [3] 'CON'
    expect(words.slice(0, 4)).toEqual(['LINUX01', expect.stringMatching(/^\d{4}$/), 'T', 'CON']);
  });

  it('receive -t -O: the text; with -H it stays, without it is purged', async () => {
    const id = (await run(['list'])).out.trimEnd().split('\n')[1].split(/\s+/)[1];
    const held = await run(['re', '-H', '-t', '-O', id]);
    expect(held.code).toBe(0);
    expect(held.out).toMatch(/^LOGON LINUX01 AT /);
    const taken = await run(['receive', '-t', '-O', id]);
    expect(taken.out).toBe(held.out);
    expect((await run(['list'])).out).toBe('NO RDR FILES\n');
    const gone = await run(['re', '-t', '-O', id]);
    expect(gone.code).toBe(1);
    expect(gone.err).toMatch(/^vmur: HCP042E/);
  });

  it.each([
    [['re', '-t', '1']], // to a file: not simulated
    [['re', '-t', '-O', '-C', '1']],
    [['re', '-t', '-O', '12345']],
    [['list', 'extra']],
    [['ordinary']],
  ])('%j: exit 1 with a message, the simulator never asked', async (args) => {
    const before = h.sim.calls.lastSeq;
    const r = await run(args);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^vmur: /);
    expect(h.sim.calls.lastSeq).toBe(before);
  });
});
