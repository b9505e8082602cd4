// What hvctl needs of the configuration, imported as #config/cli: hvctl starts once per command,
// and #config's index loads the service's whole configuration (validation, Redis, Nest), about
// 0.5 s of the 0.7–1.1 s an `hvctl --help` took (docs/decisions/0011).
export { type CliSettings, cliSettings } from './cli-settings.js';
export { serviceVersion } from './repo-root.js';
