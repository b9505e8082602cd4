import { eventually, type HttpResult, request } from '../../support/http.js';
import type { TestStack } from '../../support/stack.js';
import { expectSucceeded } from '../../support/succeeded.js';

export interface BurstAnswer {
  userid: string;
  res: HttpResult;
}

/** `count` asynchronous guest creates (`<prefix>NN`), one every `spacingMs`. */
export function createBurst(
  stack: Pick<TestStack, 'http'>,
  prefix: string,
  count: number,
  spacingMs: number,
  /** Told of each answer as it comes (a test acting once some are in). */
  onAnswer: (a: BurstAnswer) => void = () => undefined,
): Promise<BurstAnswer[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
  return Promise.all(
    ids.map(async (userid, i) => {
      await new Promise((r) => setTimeout(r, i * spacingMs));
      const res = await stack.http('POST', '/guests', {
        body: { guest: { userid, vcpus: 1, memory: 512 } },
        headers: { prefer: 'respond-async' },
      });
      const answer = { userid, res };
      onAnswer(answer);
      return answer;
    }),
  );
}

/**
 * Every submission was accepted (202) and ran to success once, or refused (503 + Retry-After,
 * "job queue is unavailable") and never ran: the simulator's directory and call log agree.
 */
export async function expectTruthfulBurst(
  stack: Pick<TestStack, 'http' | 'simUrl'>,
  answers: BurstAnswer[],
  timeoutMs: number,
  /** Every process's output, whose lines about an operation that did not succeed are shown. */
  output: () => string = () => '',
): Promise<void> {
  for (const { res } of answers) expect([202, 503]).toContain(res.status);
  const refused = answers.filter((a) => a.res.status === 503);
  for (const { res } of refused) {
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(res.body.errmsg).toMatch(/job queue is unavailable/);
  }
  const accepted = answers.filter((a) => a.res.status === 202);
  for (const { res } of accepted) {
    const location = res.headers.get('location')!;
    const op = await eventually(async () => {
      const r = await stack.http('GET', location);
      return ['succeeded', 'failed'].includes(r.body.output.status) ? r.body.output : undefined;
    }, timeoutMs);
    expectSucceeded(op, output);
  }
  const state = (await request(stack.simUrl, 'GET', '/admin/state')).body;
  const users = (state.users as { userid: string }[]).map((u) => u.userid);
  for (const { userid } of accepted) expect(users).toContain(userid);
  for (const { userid } of refused) expect(users).not.toContain(userid);
  const calls = (await request(stack.simUrl, 'GET', '/admin/calls')).body.calls as {
    function: string;
    target: string;
  }[];
  for (const { userid } of answers) {
    const defs = calls.filter((c) => c.function === 'Image_Create_DM' && c.target === userid);
    expect(defs.length).toBeLessThanOrEqual(1);
  }
}
