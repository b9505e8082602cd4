import { JOB_NAMES } from '#jobs';
import { bootProblems } from './boot-check.js';
import { HANDLERS } from './handler-registry.js';

describe('worker boot check', () => {
  it('accepts the real registry and every queue', () => {
    expect(bootProblems(HANDLERS, [])).toEqual([]);
    expect(bootProblems(HANDLERS, ['guest-lifecycle'])).toEqual([]);
  });

  it('names a catalogue entry without a handler', () => {
    const { ['guest.stop']: _dropped, ...partial } = HANDLERS;
    expect(bootProblems(partial, [])).toEqual(['job guest.stop has no handler']);
  });

  it('names a handler without an entry and an unknown queue', () => {
    expect(
      bootProblems({ ...HANDLERS, 'guest.fly': class {} }, ['guest-lifecycle', 'nope']),
    ).toEqual([
      'handler guest.fly has no catalogue entry',
      'WORKER_QUEUES names unknown queue nope',
    ]);
  });

  it('has exactly one handler per catalogue entry', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...JOB_NAMES].sort());
  });
});
