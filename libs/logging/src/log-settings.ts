/** The settings every process's logger is made from (LOG_LEVEL, LOG_FORMAT of #config). */
export interface LogSettings {
  LOG_LEVEL: string;
  /** `json`, `pretty`, or `auto`: pretty on a terminal, JSON anywhere else. */
  LOG_FORMAT: string;
}

/** Nest's level names, still accepted (older settings files say `log` and `verbose`). */
const NEST_NAMES: Record<string, string> = { log: 'info', verbose: 'trace' };

/** The pino level a LOG_LEVEL names. */
export const pinoLevel = (level: string): string => NEST_NAMES[level] ?? level;

/** Whether to print for people: asked for, or `auto` on a terminal. */
export const isPretty = (s: LogSettings, isTty: boolean): boolean =>
  s.LOG_FORMAT === 'pretty' || (s.LOG_FORMAT !== 'json' && isTty);
