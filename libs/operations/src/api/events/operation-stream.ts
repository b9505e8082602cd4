import type { ServerResponse } from 'node:http';
import type { OperationRecord, OperationsRepository } from '#persistence';
import type { JobWaiter } from '../job-waiter.service.js';
import { isSettled, operationView } from '../../operation-view.js';

/**
 * One server-sent event stream of an operation. Step events are numbered over the append-only
 * list [step 1 started, step 1 ended, step 2 started, …], so `Last-Event-ID` resumes exactly;
 * progress events carry no id (the latest value is sent on resume); `done` (id `done`) ends it.
 */
export class OperationStream {
  private sent = 0;
  private percent = -1;
  private fetching: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly unstop: () => void;

  constructor(
    private readonly id: string,
    private readonly out: ServerResponse,
    private readonly ops: OperationsRepository,
    waiter: JobWaiter,
    heartbeatMs: number,
    lastEventId: string | undefined,
  ) {
    if (lastEventId && /^\d+$/.test(lastEventId)) this.sent = Number(lastEventId);
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), heartbeatMs);
    this.unsubscribe = waiter.subscribe(id, () => this.refresh());
    out.on('close', () => this.close());
    // the api stops: the stream ends (its client reconnects with Last-Event-ID)
    this.unstop = waiter.whenStopping(() => this.close());
  }

  /** Sends what happened since the client's last event, then follows the operation. */
  start(op: OperationRecord): void {
    this.emit(op);
    this.refresh(); // anything that changed between the first read and subscribing
  }

  private refresh(): void {
    if (this.closed) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = this.ops
      .get(this.id)
      .then((op) => {
        if (op) this.emit(op);
      })
      .catch(() => undefined)
      .finally(() => {
        this.fetching = null;
        if (this.again) {
          this.again = false;
          this.refresh();
        }
      });
  }

  private emit(op: OperationRecord): void {
    const events: { id: number; data: object }[] = [];
    op.steps.forEach((s, i) => {
      events.push({ id: 2 * i + 1, data: { name: s.name, phase: 'started', at: s.startedAt } });
      if (s.endedAt) {
        const { name, result, rc, rs, detail } = s;
        events.push({
          id: 2 * i + 2,
          data: { name, phase: 'ended', at: s.endedAt, result, rc, rs, detail },
        });
      }
    });
    for (const e of events.filter((x) => x.id > this.sent)) {
      this.send('step', e.data, String(e.id));
      this.sent = e.id;
    }
    if (op.progress !== this.percent) {
      this.percent = op.progress;
      this.send('progress', {
        percent: op.progress,
        step: op.steps.at(-1)?.name ?? null,
        status: op.status,
      });
    }
    if (isSettled(op.status)) {
      this.send('done', operationView(op), 'done');
      this.close();
    }
  }

  private send(event: string, data: object, id?: string): void {
    this.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(chunk: string): void {
    if (!this.closed) this.out.write(chunk);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.unsubscribe();
    this.unstop?.();
    this.out.end();
  }
}
