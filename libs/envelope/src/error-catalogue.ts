import { HvError } from './hv-error.js';
import { ModID } from './mod-id.js';

type Mod = number;

const AUTH_MESSAGE =
  'This server could not verify that you are authorized to access the document you requested. ' +
  'Either you supplied the wrong credentials (e.g., bad password), or your browser does not ' +
  'understand how to supply the credentials required.';

const INPUT_PREFIX = {
  1: 'Invalid API arg: ',
  2: 'Invalid API arg: ',
  3: 'Invalid API arg format, error: ',
  4: 'Missing required option: ',
} as const;

/**
 * The one catalogue of failures (reference returncode.py `errors`, §1.3 and §1.6 of
 * reference-behaviour.md). Every error the service raises is built here.
 */
export const Errors = {
  // ---- SDK classes ----
  /**
   * rs 1 arg count, 2 arg type, 3 arg format/range, 4 missing required option; rs 3 and 4 are
   * worded as the reference's (returncode.py errors['input']), whose other texts are templates.
   */
  input: (rs: 1 | 2 | 3 | 4, msg: string) =>
    new HvError(100, 100, rs, ModID.SDK, `${INPUT_PREFIX[rs]}${msg}`),
  guest: (rs: number, msg: string) => new HvError(300, 300, rs, ModID.GUEST, msg),
  network: (rs: number, msg: string) => new HvError(300, 300, rs, ModID.NETWORK, msg),
  volume: (rs: number, msg: string) => new HvError(300, 300, rs, ModID.VOLUME, msg),
  image: (rs: number, msg: string) => new HvError(300, 300, rs, ModID.IMAGE, msg),
  file: (rs: 1 | 2, msg: string) => new HvError(300, 300, rs, ModID.FILE, msg),
  notExist: (modID: Mod, obj: string) => new HvError(404, 404, 1, modID, `${obj} does not exist.`),
  notFound: (modID: Mod, msg: string) =>
    new HvError(404, 404, 2, modID, `Not found error: '${msg}'`),
  guestNotInDirectory: (userid: string) =>
    new HvError(
      404,
      404,
      3,
      ModID.GUEST,
      `Guest '${userid}' does not exist in directory although it is in DB. ` +
        'The guest could have been deleted out of the hypervisor.',
    ),
  alreadyExist: (modID: Mod, obj: string) =>
    new HvError(409, 409, 1, modID, `${obj} already exists.`),
  conflict: (modID: Mod, rs: number, msg: string) => new HvError(409, 409, rs, modID, msg),
  internal: (msg: string, modID: Mod = ModID.SDK) =>
    new HvError(500, 500, 1, modID, `Unexpected internal error in the SDK, error: ${msg}`),
  /** 501 with the module's number (the spec: modID is an integer or null on every answer). */
  notImplemented: (modID: Mod, fn: string) =>
    new HvError(
      501,
      501,
      1,
      modID,
      `The requested function: ${fn} has not been implemented in current release.`,
    ),
  /** An upload that stopped sending: answered, then the connection is closed (its rest unread). */
  uploadIdle: (seconds: number) =>
    new HvError(408, 408, 1, ModID.FILE, `No bytes of the upload arrived for ${seconds} s.`, 408, {
      connection: 'close',
    }),
  serviceUnavailable: (msg: string) => new HvError(503, 503, 1, ModID.REST, msg),
  /** Redis (the job queue) unreachable: nothing was accepted; the client may retry. */
  queueUnavailable: (retryAfterS: number) =>
    new HvError(
      503,
      503,
      2,
      ModID.REST,
      'The job queue is unavailable, so the operation was not accepted; retry later.',
      503,
      { 'retry-after': String(retryAfterS) },
    ),

  // ---- hypervisor (SMT layer, modID 1) ----
  /** A failed systems-management API call: overallRC 8 with the API's own rc/rs. */
  smapi: (rc: number, rs: number, msg: string) => new HvError(8, rc, rs, ModID.SMT, msg),
  /**
   * Image_Console_Get 8/8 with no console file in the reader: the reference's getVM.getConsole
   * keeps the SMAPI codes and words them as its message 0409 (smtLayer/msgs.py).
   */
  consoleNotSpooled: (userid: string) =>
    new HvError(
      8,
      8,
      8,
      ModID.SMT,
      `Failed to get console log reader file list for guest vm: ${userid}. SMT error: ` +
        `(Error) ULTGVM0409E Unable to get console log for user ${userid}. The userid is ` +
        'either: not logged on, not spooling its console, or has not created any console ' +
        'output. Error rc=rs=8 returned from Image_Console_Get.',
    ),
  /** A CP command that failed (SMT rc 99 rs 420). */
  cp: (msg: string) => new HvError(99, 99, 420, ModID.SMT, msg),
  /** The hypervisor did not answer in time (SMT overallRC 5). */
  hvTimeout: (msg: string) => new HvError(5, 1, 501, ModID.SMT, msg),
  /**
   * The disk pool is not defined: the reference's SMT rc 5 rs 402 (overallRC 4), which the
   * not_found status handler maps to 404.
   */
  diskPoolNotFound: (pool: string) =>
    new HvError(
      4,
      5,
      402,
      ModID.SMT,
      `Failed to get disk pool information: ${pool} is not defined`,
    ),
  /** The hypervisor link failed (SMT rc 99 rs 305: exception talking to SMAPI). */
  hvUnreachable: (msg: string) => new HvError(99, 99, 305, ModID.SMT, msg),

  // ---- REST layer (modID 120), fixed HTTP status ----
  validation: (detail: string) =>
    new HvError(400, 400, 400, ModID.REST, `ValidationError: Validation error: ${detail}`, 400),
  malformedJson: (detail: string) =>
    new HvError(400, 400, 400, ModID.REST, `Malformed JSON: ${detail}`, 400),
  badRequest: (msg: string) => new HvError(400, 400, 400, ModID.REST, msg, 400),
  unauthorized: () => new HvError(400, 400, 401, ModID.REST, AUTH_MESSAGE, 401),
  routeNotFound: () =>
    new HvError(404, 404, 404, ModID.REST, 'The resource could not be found.', 404),
  methodNotAllowed: (method: string) =>
    new HvError(
      405,
      405,
      405,
      ModID.REST,
      `The method ${method} is not allowed for this resource.`,
      405,
    ),
  /**
   * A body over the limit: answered, then the connection is closed (the rest of the body is
   * never read), so a client still sending learns at once rather than on a drained connection.
   */
  payloadTooLarge: (limit: number) =>
    new HvError(413, 413, 413, ModID.REST, `Request body larger than ${limit} bytes.`, 413, {
      connection: 'close',
    }),
  /** The request line and headers together exceed the http server's limit (Node's maxHeaderSize). */
  headersTooLarge: (limit: number) =>
    new HvError(
      431,
      431,
      431,
      ModID.REST,
      `The request line and headers are longer than ${limit} bytes.`,
      431,
    ),
  /** Bytes the http server could not parse as a request: answered, and the connection closed. */
  notHttp: (code: string) =>
    new HvError(400, 400, 400, ModID.REST, `The request is not valid HTTP (${code}).`, 400),
  /** The request's line and headers did not arrive within the server's headers timeout. */
  requestTimeout: () =>
    new HvError(408, 408, 408, ModID.REST, 'The request did not arrive in time.', 408),
  unsupportedMediaType: (type: string) =>
    new HvError(415, 415, 415, ModID.REST, `Unsupported Content-Type: ${type}`, 415),
  // ---- operations (hv-orchestrator's own; modID 120, rs from 10 up) ----
  operationInProgress: (key: string, id: string) =>
    new HvError(
      409,
      409,
      10,
      ModID.REST,
      `The operation of Idempotency-Key '${key}' (${id}) is still running.`,
      409,
      {
        location: `/operations/${id}`,
      },
    ),
  idempotencyMismatch: (key: string) =>
    new HvError(
      422,
      422,
      11,
      ModID.REST,
      `Idempotency-Key '${key}' was used with a different request.`,
      422,
    ),
  guestBusy: (userid: string, id: string) =>
    new HvError(409, 409, 12, ModID.REST, `Guest '${userid}' is busy with operation ${id}.`, 409, {
      location: `/operations/${id}`,
    }),
  backlogFull: (queue: string, retryAfterS: number) =>
    new HvError(
      429,
      429,
      13,
      ModID.REST,
      `Too many operations waiting in queue ${queue}; retry later.`,
      429,
      {
        'retry-after': String(retryAfterS),
      },
    ),
  /** Its workers kept dying in it (OPERATION_MAX_RESUMPTIONS): what it did was undone. */
  resumptionLimit: (id: string, resumptions: number) =>
    new HvError(
      500,
      500,
      16,
      ModID.REST,
      `Operation ${id} was abandoned after its worker stopped ${resumptions} times; what it did was undone.`,
      500,
    ),
  /** The job ended or vanished without ending its operation: what it did was undone. */
  jobLost: (id: string, why: string) =>
    new HvError(
      500,
      500,
      17,
      ModID.REST,
      `Operation ${id} could not complete (${why}); what it did was undone.`,
      500,
    ),
  cancelled: (id: string) =>
    new HvError(409, 409, 14, ModID.REST, `Operation ${id} was cancelled.`),
  notCancellable: (id: string, status: string) =>
    new HvError(409, 409, 15, ModID.REST, `Operation ${id} has already ended (${status}).`, 409),
  /** POST /operations/{id}/retry of one that is not failed or cancelled, or already retried. */
  notRetriable: (id: string, why: string, retriedBy?: string | null) =>
    new HvError(
      409,
      409,
      20,
      ModID.REST,
      `Operation ${id} cannot be retried: ${why}.`,
      409,
      retriedBy ? { location: `/operations/${retriedBy}` } : undefined,
    ),
  /** POST /operations/{id}/resolve of one that is not needs_attention. */
  notResolvable: (id: string, status: string) =>
    new HvError(
      409,
      409,
      21,
      ModID.REST,
      `Operation ${id} is ${status}, not needs_attention: there is nothing to resolve.`,
      409,
    ),
  /** A drift item an operator decides on is no longer drift (issue #58): GET /drift says what is. */
  driftResolved: (kind: string, id: string) =>
    new HvError(
      409,
      409,
      18,
      ModID.REST,
      `Drift item ${kind} ${id} is not drift (any more): the hypervisor and the database agree on it.`,
      409,
    ),
  /** A decision that does not apply to the item's kind, and what to do instead. */
  driftDecisionRefused: (kind: string, decision: string, why: string) =>
    new HvError(409, 409, 19, ModID.REST, `${decision} does not apply to ${kind}: ${why}`, 409),

  restInternal: (errorId: string) =>
    new HvError(
      400,
      400,
      500,
      ModID.REST,
      'The server has either erred or is incapable of performing the requested operation. ' +
        `(error id ${errorId})`,
      500,
    ),
} as const;
