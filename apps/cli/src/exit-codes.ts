/**
 * hvctl's exit status by class of failure, so a script can tell "the operation failed" from
 * "the service is down" without reading stderr (issue #60).
 */
export const EXIT = {
  ok: 0,
  /** the operation (or the request) failed: the service answered with a failure envelope */
  failed: 1,
  /** bad arguments: refused by hvctl itself or by the service's validation (400, 422) */
  usage: 2,
  /** what was named does not exist (404) */
  notFound: 3,
  /** no credentials, or refused ones (401, 403) */
  auth: 4,
  /** the service could not be reached, or a proxy in front of it could not (502, 504) */
  unreachable: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The class of an HTTP status the service answered with a failure. */
export function exitForStatus(status: number): ExitCode {
  if (status === 400 || status === 422) return EXIT.usage;
  if (status === 404) return EXIT.notFound;
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 502 || status === 504) return EXIT.unreachable;
  return EXIT.failed;
}

/** The table `hvctl --help` ends with. */
export const EXIT_HELP = `
Exit status:
  0  ok
  1  the operation or request failed (the service's errmsg on stderr)
  2  usage: bad arguments (hvctl's own or the service's validation)
  3  not found
  4  authentication: no admin token, or a refused one
  5  the service could not be reached`;
