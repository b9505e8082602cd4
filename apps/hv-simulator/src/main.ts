// class-transformer decorators in #config read metadata while the module loads.
import 'reflect-metadata';
import { ConfigError, loadConfig } from '#config';
import { readPasswordFile } from '#hypervisor';
import { createLogger, currentLogger } from '#logging';
import { createSimulator } from './simulator.js';

async function main(): Promise<void> {
  const cfg = loadConfig();
  const logger = createLogger('hv-simulator', cfg);
  const sim = await createSimulator({
    stateDir: cfg.SIM_STATE_DIR,
    latencyProfile: cfg.HV_LATENCY_PROFILE,
    systemId: cfg.SIM_SYSTEM_ID,
    profiles: [cfg.USER_PROFILE],
    diskPools: cfg.DISK_POOL,
    ssiMembers: cfg.SIM_SSI_MEMBERS,
    ...(cfg.SIM_FCP_INVENTORY ? { fcpInventory: cfg.SIM_FCP_INVENTORY } : {}),
    // The wire front door accepts the credentials the service is configured with, so a wrong
    // SMAPI_USER or password shows as the real server's authentication error.
    ...(cfg.SMAPI_USER && cfg.SMAPI_PASSWORD_FILE
      ? {
          wireCredentials: {
            userid: cfg.SMAPI_USER,
            password: await readPasswordFile(cfg.SMAPI_PASSWORD_FILE),
          },
        }
      : {}),
    logger,
  });
  const url = await sim.app.listen({ host: cfg.SIM_HOST, port: cfg.SIM_PORT });
  sim.app.log.info(
    `hv-simulator ${cfg.SIM_SYSTEM_ID} listening on ${url} ` +
      `(state ${cfg.SIM_STATE_DIR}, latency ${cfg.HV_LATENCY_PROFILE})`,
  );

  if (cfg.SIM_SMAPI_PORT > 0) {
    const port = await sim.wire.listen(cfg.SIM_SMAPI_PORT, cfg.SIM_HOST);
    sim.app.log.info(`systems-management wire protocol on ${cfg.SIM_HOST}:${port}`);
  }

  const stop = (signal: string): void => {
    sim.app.log.info(`${signal}: closing`);
    sim.close().then(
      () => sim.app.log.info(`state saved in ${cfg.SIM_STATE_DIR}`),
      (e: unknown) => {
        sim.app.log.error(e, 'shutdown failed');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((e: unknown) => {
  currentLogger().fatal(e instanceof ConfigError ? e.message : { err: e }, 'cannot start');
  process.exit(1);
});
