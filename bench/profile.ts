// `npm run bench:profile`: CPU profiles of the api and a worker under the request-path load of
// `npm run bench` (power_state, then submit-and-wait), summarised by package and by function.
//   npm run bench:profile -- [--seconds 10] [--scenario power|ops|version|running|all]
// (`running`: power_state of running guests, after a second of waited starts that start them)
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchStack } from './bench-stack.js';
import { BenchClient } from './bench-client.js';
import { summariseProfile } from './profile-summary.js';
import { createGuests, guestIds, powerState, submitAndWait, versionRoute } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    scenario: { type: 'string', default: 'all' },
  },
});

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hvo-prof-'));
  const stack = await startBenchStack(
    process.env,
    { AUTH: 'token' },
    { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
  );
  const settings = { seconds: Number(args.seconds), runs: 1, connections: 50 };
  try {
    await stack.startWorker();
    const client = await BenchClient.for(stack);
    const userids = guestIds(50, 'P');
    await createGuests(client, userids);
    const s = args.scenario;
    if (s === 'all' || s === 'version') console.log('GET /', await versionRoute(client, settings));
    if (s === 'all' || s === 'power')
      console.log('power_state', await powerState(client, userids, settings));
    if (s === 'all' || s === 'ops')
      console.log('start, waited', await submitAndWait(client, userids, settings));
    if (s === 'running') {
      await submitAndWait(client, userids, { ...settings, seconds: 1 });
      console.log('power_state, running', await powerState(client, userids, settings));
    }
  } finally {
    await stack.close();
  }
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    console.log(`\n== ${join(dir, f)}`);
    console.log(summariseProfile(join(dir, f)));
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
