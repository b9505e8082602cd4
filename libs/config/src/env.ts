type Env = Record<string, string | undefined>;

// Reads of the environment that must stay light, imported as #config/env: the simulated
// management guest's tools are a process per call, and #config's index loads the service's
// whole configuration (validation, Redis, Nest), more than the rest of a tool's run.

/** Where the simulated management guest's tools find the simulator: HV_SIMULATOR_URL. */
export function simulatorUrlOf(env: Env = process.env): string | undefined {
  return env.HV_SIMULATOR_URL || undefined;
}

/** The environment a child process starts with: this process's, `extra` on top. */
export function inheritedEnv(extra: Env): Env {
  return { ...process.env, ...extra };
}
