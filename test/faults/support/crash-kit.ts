import { eventually, request } from '../../support/http.js';
import type { TestStack } from '../../support/stack.js';

/** One hypervisor call as the simulator's call log shows it. */
export interface Call {
  seq: number;
  function: string;
  command?: string;
  target: string;
  start: number;
  end: number | null;
  rc: number | null;
  /** For a call with an input file: whether all of it has arrived. */
  input?: 'arriving' | 'complete' | 'broken';
}

const ENDED = ['succeeded', 'failed', 'cancelled', 'needs_attention'];

/** What the fault tests ask of the simulator and of the operations, for one stack. */
export function crashKit(stack: TestStack) {
  const log = async (): Promise<Call[]> =>
    (await request(stack.simUrl, 'GET', '/admin/calls')).body.calls as Call[];
  const calls = async (fn: string, target: string): Promise<Call[]> =>
    (await log()).filter((c) => c.function === fn && c.target === target);
  return {
    log,
    calls,
    /** The calls that took effect (answered rc 0). */
    applied: async (fn: string, target: string) =>
      (await calls(fn, target)).filter((c) => c.rc === 0),
    fault: (body: object) => request(stack.simUrl, 'POST', '/admin/faults', { body }),
    simUser: async (userid: string) =>
      (
        (await request(stack.simUrl, 'GET', '/admin/state')).body.users as { userid: string }[]
      ).find((u) => u.userid === userid) as Record<string, any> | undefined,
    ended: (location: string) =>
      eventually(async () => {
        const r = await stack.http('GET', location);
        return ENDED.includes(r.body.output.status) ? r.body.output : undefined;
      }, 60_000),
    /** Lets the calls that `hold` faults keep in flight go on. */
    release: () => request(stack.simUrl, 'POST', '/admin/faults/release'),
    /**
     * kill -9 of the worker while a call of `fn` on `target` is in flight (kept there by a
     * `hold` fault, so the kill cannot come too late however loaded the machine) and all of its
     * input file has arrived (a punch's, an unpack's image: killed sooner, the worker never made
     * the call, and the step is rightly run again rather than adopted); then the call is
     * released, and once it has ended (so a probe sees its effect rather than racing it) a
     * worker starts. `nth` names which call of `fn` on `target` the fault holds when there are
     * several (a deploy's second punch): an earlier, unheld one can also be seen in flight, and
     * killing the worker then crashes the wrong step.
     */
    async crashDuring(fn: string, target: string, nth?: number): Promise<void> {
      const sent = (c: Call | undefined) =>
        c?.end === null && (c.input === undefined || c.input === 'complete');
      const held = await eventually(async () => {
        const all = await calls(fn, target);
        const call = nth === undefined ? all.find((c) => c.end === null) : all[nth - 1];
        return sent(call) ? call : undefined;
      });
      await stack.killWorkerProcess();
      await request(stack.simUrl, 'POST', '/admin/faults/release');
      await eventually(async () =>
        (await calls(fn, target)).find((c) => c.seq === held.seq && c.end !== null),
      );
      await stack.startWorkerProcess();
    },
  };
}
