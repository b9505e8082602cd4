import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';

/**
 * pino-pretty, loaded when a line is first formatted for people: a process writing JSON (every
 * one the tests, the image and compose start) never needs its some forty files, which cost
 * each start some 20 ms of CPU to load (docs/decisions/0011).
 */
export function loadPinoPretty(): typeof PinoPretty {
  return createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
}
