import { runtimeProblems } from './runtime.js';

describe('runtimeProblems', () => {
  it('refuses a Node older than 22.12, naming the way out', () => {
    expect(runtimeProblems('20.20.2')).toEqual([
      expect.stringMatching(
        /^Node 20\.20\.2 is too old: 22\.12 or later .*node_modules\/\.bin\/node/,
      ),
    ]);
    expect(runtimeProblems('22.11.0')).toHaveLength(1);
  });

  it('takes 22.12 and later', () => {
    for (const v of ['22.12.0', '22.20.1', '24.21.0', '26.0.0'])
      expect(runtimeProblems(v)).toEqual([]);
  });

  it('holds for the Node running the tests (npm test runs the project Node)', () => {
    expect(runtimeProblems()).toEqual([]);
  });
});
