/** The oldest Node this service runs on: better-sqlite3 13 (Node-API) needs it (0013). */
export const OLDEST_NODE = [22, 12] as const;

/**
 * Why this Node cannot run the service, if it cannot: on an older one better-sqlite3 ends the
 * process with a segmentation fault at the first statement, saying nothing of why.
 */
export function runtimeProblems(version: string = process.versions.node): string[] {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [oldMajor, oldMinor] = OLDEST_NODE;
  if (major > oldMajor || (major === oldMajor && minor >= oldMinor)) return [];
  return [
    `Node ${version} is too old: ${oldMajor}.${oldMinor} or later is needed (npm start and npm ` +
      `test use the project's own Node 24, node_modules/.bin/node; see docs/decisions/0013)`,
  ];
}
