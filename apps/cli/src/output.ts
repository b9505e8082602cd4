import { Option } from 'commander';
import { type ApiAnswer, type ApiClient, CliError, type Envelope } from './api-client.js';
import { EXIT, exitForStatus } from './exit-codes.js';
import { follow, type Operation } from './follow.js';
import { type Plan, planText, planVerdict } from './plan.js';
import { barReporter, lineReporter } from './reporters.js';
import { human } from './human.js';

/** What every command gets: the client and how to print. */
export interface Ctx {
  client: ApiClient;
  json: boolean;
  /** stdout is a terminal and colours are not turned off. */
  color: boolean;
  tty: boolean;
  /** `--dry-run`: commands that submit ask for the plan (validate_only) and change nothing. */
  dryRun?: boolean;
}

function print(ctx: Ctx, value: unknown, asJson: unknown = value): void {
  const text = ctx.json ? JSON.stringify(asJson, null, 2) : human(value);
  if (text) process.stdout.write(`${text}\n`);
}

/**
 * The envelope's failure as a CliError: its errmsg and codes; the exit status by the class of
 * the HTTP status of a refused request, 1 for an operation that ran and failed.
 */
function failure(env: Envelope, status?: number): CliError {
  const codes = `overallRC ${env.overallRC}, rc ${env.rc}, rs ${env.rs}`;
  const code = status === undefined ? EXIT.failed : exitForStatus(status);
  return new CliError(`${env.errmsg || 'failed'} (${codes})`, code);
}

/** Prints a synchronous answer's output, or fails with its errmsg. */
export function answer(ctx: Ctx, res: ApiAnswer): void {
  if (res.status >= 400 || res.body.overallRC !== 0) {
    if (ctx.json) print(ctx, res.body);
    throw failure(res.body, res.status);
  }
  print(ctx, res.body.output, res.body);
}

export async function read(ctx: Ctx, path: string): Promise<void> {
  if (ctx.dryRun) throw new CliError('--dry-run applies to commands that submit', EXIT.usage);
  answer(ctx, await ctx.client.call('GET', path));
}

/**
 * Submits a change as an operation (`Prefer: respond-async`). With `wait`, follows it to its
 * end with progress (stderr) and prints its result; without, prints the operation id.
 */
export async function submit(
  ctx: Ctx,
  method: string,
  path: string,
  body: unknown,
  wait: boolean,
): Promise<void> {
  if (ctx.dryRun) return dryRun(ctx, method, path, body);
  const res = await ctx.client.call(method, path, {
    body,
    headers: { prefer: 'respond-async' },
  });
  if (res.status !== 202) return answer(ctx, res);
  const op = res.body.output as Operation;
  // held by a drain: said at once, else a followed operation would look stuck
  if (res.headers.get('operation-held') === 'draining') {
    process.stderr.write(`${op.id} is held: its queue is drained (hvctl host resume starts it)
`);
  }
  if (!wait) {
    print(ctx, op.id, { id: op.id, location: res.headers.get('location') });
    return;
  }
  finish(ctx, await followWithProgress(ctx, op.id));
}

/** The plan of what `submit` would do, printed; nothing is changed. */
async function dryRun(ctx: Ctx, method: string, path: string, body: unknown): Promise<void> {
  const sep = path.includes('?') ? '&' : '?';
  const res = await ctx.client.call(method, `${path}${sep}validate_only=true`, { body });
  if (res.status >= 400 || res.body.overallRC !== 0) return answer(ctx, res);
  const plan = res.body.output as Plan;
  if (ctx.json) print(ctx, res.body);
  else process.stdout.write(`${planText(plan)}\n`);
  planVerdict(plan);
}

export function followWithProgress(ctx: Ctx, id: string): Promise<Operation> {
  // progress goes to stderr so stdout stays the result (a pipe gets only the answer)
  const reporter = process.stderr.isTTY
    ? barReporter(process.stderr, ctx.color)
    : lineReporter(process.stderr);
  return follow(ctx.client, id, reporter);
}

/** An ended operation: its result printed, or its errmsg as the failure. */
export function finish(ctx: Ctx, op: Operation): void {
  const env = op.response;
  if (op.status === 'succeeded' && env) return print(ctx, env.output, env);
  if (ctx.json) print(ctx, op);
  if (env && env.overallRC !== 0) throw failure(env);
  throw new CliError(`operation ${op.id} ended ${op.status}`);
}

/** `--no-wait` of every command that submits an operation. */
export const noWait = () =>
  new Option('--no-wait', 'print the operation id instead of following it');
