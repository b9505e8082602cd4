import { writeAdminToken } from '#auth';
import { ConfigError, loadConfig } from '#config';

/**
 * Writes a new admin token to TOKEN_PATH (mode 0600). Every auth token issued with the old one
 * stops working at once. Prints the path, not the token.
 */
try {
  const cfg = loadConfig();
  writeAdminToken(cfg.TOKEN_PATH);
  console.log(`New admin token written to ${cfg.TOKEN_PATH}`);
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
}
