import { EXIT, EXIT_HELP, exitForStatus } from './exit-codes.js';

describe('hvctl exit status', () => {
  it('classes a refused request by its HTTP status', () => {
    expect([400, 422].map(exitForStatus)).toEqual([EXIT.usage, EXIT.usage]);
    expect(exitForStatus(404)).toBe(EXIT.notFound);
    expect([401, 403].map(exitForStatus)).toEqual([EXIT.auth, EXIT.auth]);
    expect([502, 504].map(exitForStatus)).toEqual([EXIT.unreachable, EXIT.unreachable]);
    // the service's own failures (a conflict, the hypervisor's error) are failures, not outages
    expect([409, 500, 501, 503].map(exitForStatus)).toEqual([1, 1, 1, 1]);
  });

  it('documents every status it uses in --help', () => {
    for (const code of Object.values(EXIT))
      expect(EXIT_HELP).toMatch(new RegExp(`^ {2}${code} `, 'm'));
  });
});
