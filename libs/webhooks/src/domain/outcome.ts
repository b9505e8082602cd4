/** What an attempt's answer means: done, try again later, or give up now. */
export type Outcome = 'succeeded' | 'retry' | 'end';

/**
 * 2xx is a success; 408 and 429 and every 5xx are tried again, as timeouts and connection
 * errors (`status` null) are; any other answer (a 4xx, or a redirect a POST does not follow)
 * says the receiver will not take it, so trying again would not help.
 */
export function outcomeOf(status: number | null): Outcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'succeeded';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'end';
}
