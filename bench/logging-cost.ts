// `npm run bench:logging`: what a log level costs the request path (issue #26's 5 % bar), as an
// interleaved comparison: one stack per level, all running at once, the same load given to each
// in turn in short bursts, so that both levels see the same machine.
//   npm run bench:logging -- [--levels silent,info] [--rounds 10] [--seconds 3] [--connections 50]
//                            [--only 'GET /']
// Prints; asserts nothing.
import { parseArgs } from 'node:util';
import { type BenchStack, startBenchStack } from './bench-stack.js';
import { BenchClient } from './bench-client.js';
import type { LoadResult } from './load.js';
import { cpuSeconds } from './process-stats.js';
import { printTable } from './print-table.js';
import {
  createGuests,
  guestIds,
  type LoadSettings,
  powerState,
  submitAndWait,
  versionRoute,
} from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    levels: { type: 'string', default: 'silent,info' },
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    // only the scenarios whose name contains this (e.g. `GET /`); the order stays as below
    only: { type: 'string', default: '' },
  },
});

/** One level's stack, its guests made, ready for load. */
interface Side {
  level: string;
  stack: BenchStack;
  client: BenchClient;
  userids: string[];
  settings: LoadSettings;
}

type Scenario = (side: Side) => Promise<LoadResult>;

/**
 * In the order `npm run bench` runs them: the starts leave every guest running, so the guests
 * are off for the first power_state and running for the last, on every side alike.
 */
const SCENARIOS: [string, Scenario][] = [
  ['GET / with token', (s) => versionRoute(s.client, s.settings)],
  ['power_state, guests off', (s) => powerState(s.client, s.userids, s.settings)],
  ['POST action start, waited', (s) => submitAndWait(s.client, s.userids, s.settings)],
  ['power_state, guests running', (s) => powerState(s.client, s.userids, s.settings)],
];

async function startSide(level: string, connections: number, seconds: number): Promise<Side> {
  const stack = await startBenchStack({ ...process.env, LOG_LEVEL: level }, { AUTH: 'token' });
  const worker = await stack.startWorker();
  const client = await BenchClient.for(stack);
  const userids = guestIds(connections, 'P');
  await createGuests(client, userids);
  // the api's and the worker's CPU: the simulator runs in this process and is not counted
  const cpuOf = () => cpuSeconds([stack.api.proc.pid, worker.proc.pid]);
  return { level, stack, client, userids, settings: { connections, seconds, runs: 1, cpuOf } };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

/** A side's figures over the rounds: median rate and CPU per request. */
const figures = (rs: LoadResult[]) => {
  const cpu = rs.map((r) => r.cpuUs ?? NaN);
  return `${median(rs.map((r) => r.rate)).toFixed(0)}/s, ${median(cpu).toFixed(0)} µs CPU each`;
};

/** The other side against the first, round by round: median of the ratios and their range. */
function against(base: LoadResult[], other: LoadResult[], of: (r: LoadResult) => number): string {
  const ratios = other.map((r, i) => of(r) / of(base[i]));
  const range = `${pct(Math.min(...ratios))} … ${pct(Math.max(...ratios))}`;
  return `${pct(median(ratios))} (rounds ${range})`;
}

/**
 * Every side gets each scenario once to warm up, then `rounds` bursts each, the order turned
 * every round (A B, B A, …) so neither side always follows the other. Each round's ratio
 * compares bursts seconds apart, so the machine's drift over minutes (a third within one
 * `npm run bench` on a busy machine) cancels out, which stacks started one after the other,
 * minutes apart, could not do.
 */
/**
 * The table's rows, and each round's rate against the first side's, in order: a drift within the
 * run (a log file's page cache growing into memory the host has not backed, session 33) shows
 * there and not in a median.
 */
async function compare(
  sides: Side[],
  rounds: number,
): Promise<{ rows: string[][]; byRound: string[] }> {
  const rows: string[][] = [];
  const byRound: string[] = [];
  for (const [name, scenario] of SCENARIOS.filter(([n]) => n.includes(args.only))) {
    for (const side of sides) await scenario(side);
    const results = sides.map((): LoadResult[] => []);
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [...sides.keys()].reverse() : [...sides.keys()];
      for (const i of order) results[i].push(await scenario(sides[i]));
    }
    const [base, ...others] = results;
    const thousands = (rs: LoadResult[]) => rs.map((r) => (r.rate / 1000).toFixed(1)).join(' ');
    byRound.push(`${name}, ${sides[0].level}, k/s: ${thousands(base)}`);
    others.forEach((rs, k) => {
      const each = rs.map((r, i) => pct(r.rate / base[i].rate).replace(' ', ''));
      byRound.push(`${name}, ${sides[k + 1].level}, k/s: ${thousands(rs)}`);
      byRound.push(`${name}, ${sides[k + 1].level} against ${sides[0].level}: ${each.join(' ')}`);
    });
    rows.push([name, `${sides[0].level}: ${figures(base)}`, '', '']);
    others.forEach((rs, k) =>
      rows.push([
        '',
        `${sides[k + 1].level}: ${figures(rs)}`,
        against(base, rs, (r) => r.rate),
        against(base, rs, (r) => r.cpuUs ?? NaN),
      ]),
    );
  }
  return { rows, byRound };
}

async function main(): Promise<void> {
  const levels = args.levels.split(',');
  const connections = Number(args.connections);
  const sides: Side[] = [];
  try {
    for (const level of levels) sides.push(await startSide(level, connections, +args.seconds));
    const { rows, byRound } = await compare(sides, Number(args.rounds));
    printTable([
      [`scenario (${connections} connections)`, 'level: medians', 'rate', 'CPU per request'],
      ...rows,
    ]);
    console.log('rate, round by round:');
    for (const line of byRound) console.log(`  ${line}`);
    console.log(`goal (issue #26): the default level within 5 % of the figures without logging`);
  } finally {
    for (const side of sides) await side.stack.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
