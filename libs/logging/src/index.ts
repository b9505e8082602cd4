export { contextField, currentLogger, withLogContext } from './log-context.js';
export { isPretty, type LogSettings, pinoLevel } from './log-settings.js';
export { createLogger, loggerOptions } from './logger.factory.js';
export { hundredths, jsonAscii } from './json-text.js';
export { lineFrame, type LineFrame, type LineOut } from './line-frame.js';
export { nestLogger } from './nest-logger.js';
export { stripUrlCredentials } from './redaction.js';
export { activeTraceId, activeTraceIds } from './trace-ids.js';
export { prettyLine } from './pretty-line.js';
