import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { type ApiClient, CliError, type Envelope } from './api-client.js';
import { EXIT } from './exit-codes.js';

/** What hvctl reads of an operation (`GET /operations/{id}`). */
export interface Operation {
  id: string;
  kind: string;
  target?: string | null;
  status: string;
  progress?: { percent: number; step?: string | null };
  response?: Envelope | null;
  [key: string]: unknown;
}

export interface StepEvent {
  name: string;
  phase: 'started' | 'ended';
  result?: string;
}

/** How the events of a followed operation are shown. */
export interface Reporter {
  step(e: StepEvent): void;
  progress(percent: number, step: string | undefined): void;
  /** The stream dropped; it is resumed from the last event seen. */
  reconnecting(attempt: number): void;
  done(op: Operation): void;
}

/** Consecutive failed reconnects before giving up. */
const MAX_RECONNECTS = 10;

/**
 * Follows an operation over its events stream to its end. A dropped stream is resumed with
 * `Last-Event-ID` (the service replays the steps after it), so nothing is shown twice.
 */
export async function follow(
  client: ApiClient,
  id: string,
  reporter: Reporter,
): Promise<Operation> {
  let lastId: string | undefined;
  let failures = 0;
  for (;;) {
    let done: Operation | undefined;
    try {
      const res = await client.raw('GET', `/operations/${id}/events`, {
        headers: lastId ? { 'last-event-id': lastId } : {},
      });
      if (res.status === 404) throw new CliError(`no operation ${id}`, EXIT.notFound);
      if (res.status !== 200 || !res.body) throw new Error(`events answered ${res.status}`);
      const parser = createParser({
        onEvent: (e: EventSourceMessage) => {
          if (e.id && e.id !== 'done') lastId = e.id;
          const data = JSON.parse(e.data) as Record<string, unknown>;
          if (e.event === 'step') reporter.step(data as unknown as StepEvent);
          else if (e.event === 'progress') {
            reporter.progress(Number(data.percent), (data.step as string | undefined) ?? undefined);
          } else if (e.event === 'done') done = data as unknown as Operation;
        },
      });
      const decoder = new TextDecoder();
      for await (const chunk of res.body) {
        parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
        failures = 0;
        if (done) break;
      }
    } catch (e) {
      if (e instanceof CliError) throw e;
    }
    if (done) {
      reporter.done(done);
      return done;
    }
    if (++failures > MAX_RECONNECTS) {
      throw new CliError(
        `lost the events of operation ${id}; see: hvctl ops show ${id}`,
        EXIT.unreachable,
      );
    }
    reporter.reconnecting(failures);
    await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** failures, 5000)));
  }
}
