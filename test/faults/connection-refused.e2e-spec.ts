import { eventually } from '../support/http.js';
import { TestStack } from '../support/stack.js';
import { crashKit } from './support/crash-kit.js';

interface Step {
  name: string;
  result: string | null;
  detail?: string;
}

/**
 * A call refused before its request was written never reached the hypervisor: its step is in
 * no doubt, so once the hypervisor is back it runs again at once, without waiting out the time
 * a call that may have reached it could still land (here longer than the test waits).
 */
describe('faults: connection refused', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.start({
      worker: 'process',
      env: {
        // a call that may have landed would be waited for 2 minutes or more
        HV_CALL_TIMEOUT_S: '120',
        HV_OUTAGE_BUDGET_S: '120',
      },
    });
  });
  afterAll(() => stack.close());

  it('connection refused is retried without waiting', async () => {
    const kit = crashKit(stack);
    await stack.stopSimulator();
    const res = await stack.http('POST', '/guests', {
      body: { guest: { userid: 'REF01', vcpus: 1, memory: 512 } },
      headers: { prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    // the define was tried and refused
    await eventually(async () => {
      const steps = (await stack.http('GET', location)).body.output.steps as Step[];
      return steps.find((s) => s.name === 'define user' && s.result === 'failed');
    });
    await stack.restartSimulator();

    const op = await eventually(
      async () => {
        const r = await stack.http('GET', location);
        return ['succeeded', 'failed', 'cancelled'].includes(r.body.output.status)
          ? (r.body.output as { status: string; steps: Step[] })
          : undefined;
      },
      45_000,
      'the create to end',
    );
    expect(op.status).toBe('succeeded');
    const define = op.steps.filter((s) => s.name === 'define user').pop()!;
    expect(define).toMatchObject({ result: 'ok' });
    expect(define.detail ?? '').not.toMatch(/adopted/);
    expect(await kit.calls('Image_Create_DM', 'REF01')).toHaveLength(1);
  });
});
