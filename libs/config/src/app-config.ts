import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';

/** Transforms a comma list into trimmed, non-empty items. */
const commaList = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  );

/**
 * Every setting of every process, named as the environment variables that set it.
 * Defaults that depend on other settings (DATA_DIR) are filled in by `loadConfig`.
 */
export class AppConfig {
  // ---- api ----
  /** Port the api listens on. */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) PORT = 8080;
  /** Address the api listens on. */
  @IsString() @MinLength(1) HOST = '127.0.0.1';
  /**
   * Connections the kernel holds for the api before it accepts them (capped by the kernel's
   * net.core.somaxconn): Node's 511 made a burst of thousands of clients lose SYNs and wait out
   * TCP's retries (1, 3, 7 … s) or fail.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(65535) LISTEN_BACKLOG = 4096;
  /**
   * How far V8 lets the api's heap grow past what the last full GC kept before collecting again
   * (its `--heap-growing-percent`; 0: V8's own choice, up to four times). Thousands of held
   * clients otherwise leave several hundred MiB of garbage standing (docs/decisions/0008).
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(300) API_HEAP_GROWING_PERCENT = 100;
  /**
   * Held requests (synchronous waits, long-polls) a burst must reach for the api to have V8
   * collect its whole heap once the burst is answered (burst-end-collection.ts); 0: never.
   */
  @Type(() => Number) @IsInt() @Min(0) API_COLLECT_AFTER_BURST = 1000;
  /** `token`: every route but `POST /token` needs an `X-Auth-Token` (issued against the admin token); `none`: no authentication. */
  @IsIn(['token', 'none']) AUTH: 'token' | 'none' = 'token';
  /** Admin token file (mode 0600), generated on first start. Default: `<DATA_DIR>/token.dat`. */
  @IsString() TOKEN_PATH = '';
  /** Lifetime of issued tokens, seconds. */
  @Type(() => Number) @IsInt() @Min(1) TOKEN_TTL_S = 3600;
  /**
   * What the Bull dashboard (/admin/queues) may change on jobs of operations: `none` (read-only,
   * the default), or `verbs`: a failed job's retry runs the operation's retry verb and a finished
   * job may be removed; every other change is refused with a message (docs/operations.md).
   */
  @IsIn(['none', 'verbs']) DASHBOARD_ACTIONS: 'none' | 'verbs' = 'none';
  /** Longest a request without `Prefer` waits for its operation before answering 202. */
  @Type(() => Number) @IsInt() @Min(0) SYNC_WAIT_MAX_S = 600;
  /** Safety-net poll of waited operations, in case a queue event was missed. */
  @Type(() => Number) @IsInt() @Min(50) WAIT_POLL_MS = 2000;
  /**
   * How long the api answers "is this guest managed" from what it last read (0: always read).
   * A worker that deletes a guest or migrates it away says so at once; this bounds how long a
   * word that never came (a worker killed between the two, Redis away) can leave one known.
   */
  @Type(() => Number) @IsInt() @Min(0) MANAGED_GUESTS_CACHE_MS = 1000;
  /** pino's levels; Nest's `log` and `verbose` still mean `info` and `trace`. */
  @IsIn(['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace', 'log', 'verbose'])
  LOG_LEVEL = 'info';
  /** `json` (one object per line), `pretty`, or `auto`: pretty on a terminal, else JSON. */
  @IsIn(['auto', 'json', 'pretty']) LOG_FORMAT: 'auto' | 'json' | 'pretty' = 'auto';
  /** Longest `?wait=` long-poll, below common proxy idle limits. */
  @Type(() => Number) @IsInt() @Min(1) @Max(3600) LONG_POLL_MAX_S = 50;
  /** Heartbeat of operation event streams. */
  @Type(() => Number) @IsInt() @Min(1) @Max(15) SSE_HEARTBEAT_S = 15;
  /** How long an Idempotency-Key keeps naming its operation. */
  @Type(() => Number) @IsInt() @Min(60) IDEMPOTENCY_TTL_S = 86400;

  // ---- operations ----
  /** Global concurrency per queue, `queue=n` comma list (defaults in the queue catalogue). */
  @commaList()
  @Matches(/^[a-z-]+=\d+$/, { each: true, message: 'QUEUE_CONCURRENCY items must be <queue>=<n>' })
  QUEUE_CONCURRENCY: string[] = [];
  /** Jobs waiting in one queue beyond which new operations are refused with 429. */
  @Type(() => Number) @IsInt() @Min(1) QUEUE_BACKLOG_MAX = 10000;
  /** How old a queue's backlog count may be while far below QUEUE_BACKLOG_MAX (below half). */
  @Type(() => Number) @IsInt() @Min(0) QUEUE_BACKLOG_CHECK_MS = 250;
  /** How often an operation waiting for its guest's turn looks again (it is also woken). */
  @Type(() => Number) @IsInt() @Min(50) GUEST_TURN_RECHECK_MS = 2000;
  /** Days an ended operation (succeeded or cancelled) is kept before the workers prune it (hourly). */
  @Type(() => Number) @IsInt() @Min(1) OPERATION_RETENTION_DAYS = 7;
  /** Days a failed operation is kept before the workers prune it. */
  @Type(() => Number) @IsInt() @Min(1) FAILED_OPERATION_RETENTION_DAYS = 30;

  // ---- shared infrastructure ----
  /** State of `npm start` and default home of the other paths: database, admin token, simulator state, images and files. */
  @IsString() @MinLength(1) DATA_DIR = './var';
  /** BullMQ's Redis (run it with `noeviction`): `redis://`, `rediss://`, or `redis+sentinel://[user:password@]host:port[,host:port…]/<master name>[/<db>]` (docs/operating.md, Scaling). */
  @Matches(/^rediss?(\+sentinel)?:\/\//, {
    message: 'REDIS_URL must be a redis://, rediss:// or redis+sentinel://host:port,…/<master> URL',
  })
  REDIS_URL = 'redis://127.0.0.1:6379';
  /**
   * Redis Cluster seed nodes, `host:port` comma list; set, every process talks to the cluster
   * (REDIS_URL then only lends its user, password and TLS) and queue keys are hash-tagged.
   */
  @commaList()
  @Matches(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, {
    each: true,
    message: 'REDIS_CLUSTER_NODES items must be <host>:<port>',
  })
  REDIS_CLUSTER_NODES: string[] = [];
  /** SQLite `file:…` or `postgresql://…`. Default: `file:<DATA_DIR>/hv-orchestrator.db`. */
  @ValidateIf((o: AppConfig) => o.DATABASE_URL !== '')
  @Matches(/^(file:|postgres(ql)?:\/\/)/, {
    message: 'DATABASE_URL must be file:… (SQLite) or postgresql://…',
  })
  DATABASE_URL = '';
  /** BullMQ key prefix, so several stacks can share one Redis. */
  @Matches(/^[A-Za-z0-9_-]{1,32}$/, { message: 'QUEUE_PREFIX must be 1-32 of [A-Za-z0-9_-]' })
  QUEUE_PREFIX = 'hvo';

  // ---- worker ----
  /** Queues this worker consumes; empty means all of the job catalogue's queues. */
  @commaList() @IsString({ each: true }) WORKER_QUEUES: string[] = [];
  /**
   * Jobs a worker runs at once per queue. An operation spends most of its time waiting on the
   * hypervisor, and per-guest lines and QUEUE_CONCURRENCY already bound what runs: at 8 one
   * worker sat partly idle while clients waited (docs/decisions/0005).
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(256) WORKER_CONCURRENCY = 32;
  /**
   * Port of the worker's Prometheus metrics (GET /metrics, the api's /metrics credentials:
   * basic auth with the admin token, or an X-Auth-Token); 0 = not served and nothing measured.
   * Each worker process needs its own port (docs/operating-metrics.md).
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) WORKER_METRICS_PORT = 0;
  /** Address the worker's metrics listen on; loopback unless a scraper elsewhere must reach it. */
  @IsString() @MinLength(1) WORKER_METRICS_HOST = '127.0.0.1';
  /**
   * How long a stopping worker lets its running operations finish, seconds (cut short once
   * Redis is gone).
   */
  @Type(() => Number) @IsInt() @Min(1) SHUTDOWN_GRACE_S = 30;
  /**
   * How long a worker's hold on a running job lasts without renewal: a worker that dies is
   * noticed after about this long, and its operation resumes on another worker.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(600) WORKER_LOCK_S = 30;
  /**
   * Times an operation may be resumed after its worker died (lock lapsed) before it is unwound:
   * what it did is undone and it ends `failed`.
   */
  @Type(() => Number) @IsInt() @Min(1) OPERATION_MAX_RESUMPTIONS = 3;
  /**
   * How often a worker looks for operations whose job ended or vanished without the row ending,
   * and retries the undo of operations left `needs_attention`.
   */
  @Type(() => Number) @IsInt() @Min(1) RECONCILE_INTERVAL_S = 10;
  /** How long an operation keeps retrying while the hypervisor link is down, with backoff. */
  @Type(() => Number) @IsInt() @Min(0) HV_OUTAGE_BUDGET_S = 300;

  // ---- hypervisor ----
  /** `smapi`: functions over the request server's wire protocol (SMAPI_*), CP and management-guest calls through the management guest's tools (HV_TOOLS_DIR). */
  @IsIn(['simulator', 'smapi']) HV_TRANSPORT: 'simulator' | 'smapi' = 'simulator';
  /** The simulator's address (HV_TRANSPORT=simulator; over `smapi` only passed on to the tools). Default: `http://127.0.0.1:<SIM_PORT>`. */
  @IsString() HV_SIMULATOR_URL = '';
  /**
   * How long a call (simulator transport) or a management-guest tool waits for its answer. With
   * the SMAPI_* timeouts it also bounds how long a step whose call may have reached the
   * hypervisor stays in doubt (libs/hypervisor landing-window.ts).
   */
  @Type(() => Number) @IsInt() @Min(1) HV_CALL_TIMEOUT_S = 240;
  /** The management guest's machine description (CPUs, CEC, CP level) read over HV_TRANSPORT=smapi, as the reference reads it. */
  @IsString() @MinLength(1) HV_SYSINFO_PATH = '/proc/sysinfo';
  /** How often the api probes the hypervisor link for /smapi_health (0: only real calls count). */
  @Type(() => Number) @IsInt() @Min(0) HV_PROBE_INTERVAL_S = 5;
  // The systems-management request server, for the wire-protocol client (libs/hypervisor smapi/).
  /** Host of the systems-management request server (HV_TRANSPORT=smapi); empty with `npm start`: the simulator's wire port. */
  @IsString() SMAPI_HOST = '';
  /** Port of the request server. */
  @Type(() => Number) @IsInt() @Min(1) @Max(65535) SMAPI_PORT = 44444;
  /** Userid the service authenticates as to the request server (in its authorisation list). */
  @Matches(/^[A-Za-z0-9@#$]{0,8}$/, { message: 'SMAPI_USER must be a userid of 1-8 characters' })
  SMAPI_USER = '';
  /** File holding the password of SMAPI_USER, mode 0600; read when the link opens, never logged. */
  @IsString() SMAPI_PASSWORD_FILE = '';
  /** PEM of the CA that signs the request server's certificate; set = TLS, empty = plain TCP. */
  @IsString() SMAPI_CA_FILE = '';
  /** Connect timeout of one request to the request server, seconds. */
  @Type(() => Number) @IsInt() @Min(1) SMAPI_CONNECT_TIMEOUT_S = 60;
  /** Answer timeout of one request to the request server, seconds (long functions: SMAPI_LONG_READ_TIMEOUT_S). */
  @Type(() => Number) @IsInt() @Min(1) SMAPI_READ_TIMEOUT_S = 240;
  /** Answer timeout of relocation and disk create/delete, which can run for many minutes. */
  @Type(() => Number) @IsInt() @Min(1) SMAPI_LONG_READ_TIMEOUT_S = 1800;
  /**
   * Pause before each attempt of a request the request server did not take (refused, timed
   * out or dropped before its request id), ms, comma list: one item per attempt. The default is
   * the reference client's (8 attempts over about 100 s); tests set a short one.
   */
  @commaList()
  @ArrayMinSize(1, { message: 'SMAPI_RETRY_SCHEDULE_MS needs at least one attempt' })
  @ArrayMaxSize(20, { message: 'SMAPI_RETRY_SCHEDULE_MS takes at most 20 attempts' })
  @Matches(/^\d{1,6}$/, {
    each: true,
    message: 'SMAPI_RETRY_SCHEDULE_MS items must be pauses in ms (0-999999)',
  })
  SMAPI_RETRY_SCHEDULE_MS: string[] = [
    '0',
    '8000',
    '16000',
    '16000',
    '15000',
    '15000',
    '15000',
    '15000',
  ];
  /**
   * HV_TRANSPORT=smapi: the directory holding vmcp, vmur, iucvclnt, unpackdiskimage,
   * creatediskimage and refresh_bootmap; empty = where the reference has them (/sbin,
   * /usr/sbin, /opt/zthin/bin).
   */
  @Matches(/^(\/.*)?$/, { message: 'HV_TOOLS_DIR must be an absolute path (or empty)' })
  HV_TOOLS_DIR = '';
  /** Timeout of a disk image copy or refresh_bootmap run (other tools: HV_CALL_TIMEOUT_S). */
  @Type(() => Number) @IsInt() @Min(1) HV_DISK_IMAGE_TIMEOUT_S = 3600;
  /** Port the simulator listens on. */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) SIM_PORT = 8090;
  /** Address the simulator listens on. */
  @IsString() @MinLength(1) SIM_HOST = '127.0.0.1';
  /** The simulator's systems-management wire front door (HV_TRANSPORT=smapi); 0 = off. */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) SIM_SMAPI_PORT = 0;
  /** Simulated hypervisor latency: `fast` (tests) or `realistic` (benches, docker compose). */
  @IsIn(['fast', 'realistic']) HV_LATENCY_PROFILE: 'fast' | 'realistic' = 'fast';
  /** Where the simulator keeps its state. Default: `<DATA_DIR>/hv-simulator`. */
  @IsString() SIM_STATE_DIR = '';
  /** System name of the simulated hypervisor (first SSI member). */
  @Matches(/^[A-Za-z0-9]{1,8}$/) SIM_SYSTEM_ID = 'HVSIM1';
  /** Member systems of the simulated SSI cluster (1 = not in a cluster; at most 4). */
  @Type(() => Number) @IsInt() @Min(1) @Max(4) SIM_SSI_MEMBERS = 2;
  /** JSON file with the simulator's FCP devices and storage targets; empty = built-in default. */
  @IsString() SIM_FCP_INVENTORY = '';

  // ---- reference service settings ([zvm] section) ----
  /** Directory profile included in new guests (reference `[zvm] user_profile`). */
  @Matches(/^[A-Za-z0-9]{1,8}$/) USER_PROFILE = 'OSDFLT';
  /** Default disk pools, `ECKD:name` or `FBA:name`, comma-separated (at most 10). */
  @commaList()
  @Matches(/^(ECKD|FBA):\w+$/i, {
    each: true,
    message: 'DISK_POOL items must be ECKD:<name> or FBA:<name>',
  })
  DISK_POOL: string[] = ['ECKD:POOL1'];
  /** Root disk device number of new guests and the disk deploy writes by default. */
  @Matches(/^[0-9A-Fa-f]{1,4}$/) USER_ROOT_VDEV = '0100';
  /** Device number of a guest's first NIC (then the highest existing plus 3). */
  @Matches(/^[0-9A-Fa-f]{1,4}$/) DEFAULT_NIC_VDEV = '1000';
  /** Maximum virtual CPUs of new guests. */
  @Type(() => Number) @IsInt() @Min(1) @Max(64) USER_DEFAULT_MAX_CPU = 32;
  /** Maximum memory of new guests (`<n>M` or `<n>G`). */
  @Matches(/^[1-9][0-9]{0,3}[MG]$/i) USER_DEFAULT_MAX_MEMORY = '64G';
  /** Maximum reserved memory of new guests (`<n>M` or `<n>G`). */
  @Matches(/^[1-9][0-9]{0,3}[MG]$/i) USER_DEFAULT_MAX_RESERVED_MEMORY = '64G';
  /** `SHARE RELATIVE` per virtual CPU written for new guests (0: none). */
  @Type(() => Number) @IsInt() @Min(0) USER_DEFAULT_SHARE_UNIT = 100;
  /** `LOGONBY` users of new guests, space-separated; unset: none. */
  @IsOptional() @Matches(/^[A-Za-z0-9]{1,8}(\s+[A-Za-z0-9]{1,8})*$/) DEFAULT_ADMIN_USERID?: string;
  /** Port of the sshd on remote hosts that images and files are copied from or to. */
  @Type(() => Number) @IsInt() @Min(1) @Max(65535) REMOTEHOST_SSHD_PORT = 22;

  // ---- images and files ([image] and [file] sections) ----
  /** Image repository: `netboot/<os>/<name>/<root vdev>`, staging. Default: <DATA_DIR>/images. */
  @IsString() IMAGE_REPOSITORY = '';
  /** Where PUT /files stores uploads (`imported/<uuid>`). Default: <DATA_DIR>/files. */
  @IsString() FILE_REPOSITORY = '';
  /**
   * The only directories `file://` image imports may read (comma list; real paths are
   * compared). Default: <DATA_DIR>/import and FILE_REPOSITORY.
   */
  @commaList() @IsString({ each: true }) IMAGE_IMPORT_DIRS: string[] = [];
  /** The only directories images may be exported to. Default: <DATA_DIR>/export. */
  @commaList() @IsString({ each: true }) IMAGE_EXPORT_DIRS: string[] = [];
  /**
   * Hosts http(s) and scp image imports may reach although their addresses are in a range
   * denied by default (loopback, link-local, private, CGNAT, multicast, reserved): a comma list
   * of host names, IPs and CIDR ranges, v4 or v6. Empty: only public addresses. A bad entry
   * stops the service at start.
   */
  @commaList() @IsString({ each: true }) IMAGE_IMPORT_HOSTS: string[] = [];
  /** Largest image (or uploaded file) accepted, in bytes; default 64 GiB. */
  @Type(() => Number) @IsInt() @Min(1) IMAGE_MAX_BYTES = 64 * 1024 ** 3;
  /** An upload (PUT /files) that sends no bytes for this many seconds is answered 408 and cut. */
  @Type(() => Number) @IsInt() @Min(1) UPLOAD_IDLE_S = 30;
  /** An http(s) import fails after this many seconds without data (connect, headers, body). */
  @Type(() => Number) @IsInt() @Min(1) HTTP_IMPORT_TIMEOUT_S = 60;
  /** The scp client used for remote_host imports and exports (an argument array, no shell). */
  @IsString() @MinLength(1) SCP_BINARY = 'scp';
  /** gzip level (0-9) of captured images when the request names none (reference: 6). */
  @Type(() => Number) @IsInt() @Min(0) @Max(9) DEFAULT_COMPRESS_LEVEL = 6;

  // ---- completion callbacks (webhooks) ----
  /**
   * Hosts webhook and Callback-URL targets may reach although their addresses are in a range
   * denied by default: the syntax of IMAGE_IMPORT_HOSTS, checked the same way.
   */
  @commaList() @IsString({ each: true }) WEBHOOK_HOSTS: string[] = [];
  /** One delivery attempt fails after this long (connect, answer, body), ms. */
  @Type(() => Number) @IsInt() @Min(100) WEBHOOK_TIMEOUT_MS = 10_000;
  /** Pause before the first retry, doubled for each further one up to WEBHOOK_BACKOFF_MAX_MS. */
  @Type(() => Number) @IsInt() @Min(1) WEBHOOK_BACKOFF_BASE_MS = 5_000;
  /** Cap of the pause between delivery retries, ms. */
  @Type(() => Number) @IsInt() @Min(1) WEBHOOK_BACKOFF_MAX_MS = 3_600_000;
  /** Share of each retry pause drawn at random (0: none, 1: all of it). */
  @Type(() => Number) @IsNumber() @Min(0) @Max(1) WEBHOOK_BACKOFF_JITTER = 0.2;
  /** Retries go on at least this long (timeouts, connection errors, 408, 429, 5xx), seconds. */
  @Type(() => Number) @IsInt() @Min(1) WEBHOOK_RETRY_WINDOW_S = 86_400;
  /** A subscription whose deliveries failed for this long without a success is disabled. */
  @Type(() => Number) @IsInt() @Min(1) WEBHOOK_DISABLE_AFTER_S = 3 * 86_400;
  /** How long a rotated-out secret still signs deliveries (beside the new one), seconds. */
  @Type(() => Number) @IsInt() @Min(0) WEBHOOK_SECRET_GRACE_S = 86_400;
  /** How often a worker moves ended operations from the outbox into delivery jobs, ms. */
  @Type(() => Number) @IsInt() @Min(50) WEBHOOK_RELAY_INTERVAL_MS = 1_000;
  // ---- drift report (docs/drift.md) ----
  /**
   * Userids that start with this are the service's own: a directory user under it that no guest
   * row knows is drift (`guest_unknown`), as is a vswitch grant of one. Empty: the directory's
   * other users are not compared at all, only the users rows name.
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @Matches(/^[A-Z0-9]{0,8}$/, { message: 'MANAGED_USERID_PREFIX must be 0-8 letters or digits' })
  MANAGED_USERID_PREFIX = '';
  /** How often a worker compares the hypervisor with the database and logs what changed, s; 0: never. */
  @Type(() => Number) @IsInt() @Min(0) DRIFT_CHECK_INTERVAL_S = 0;

  // ---- telemetry ----
  /**
   * OTLP/HTTP collector base URL (e.g. http://collector:4318): set, the api and workers export
   * traces to <url>/v1/traces; empty (the default), no tracing SDK is started at all.
   */
  @ValidateIf((o: AppConfig) => o.OTEL_EXPORTER_OTLP_ENDPOINT !== '')
  @Matches(/^https?:\/\/[^\s]+$/, {
    message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL (or empty)',
  })
  OTEL_EXPORTER_OTLP_ENDPOINT = '';

  // ---- volumes ([volume] section) ----
  /** FCP allocation: 0 the reference's default (PCHID-weighted), 1 the same index on every path. */
  @Type(() => Number) @IsIn([0, 1]) GET_FCP_PAIR_WITH_SAME_INDEX = 0;
}

export type Config = Readonly<AppConfig>;
