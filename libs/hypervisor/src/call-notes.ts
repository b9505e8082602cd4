import { AsyncLocalStorage } from 'node:async_hooks';

/** What the transport noticed about the calls one unit of work (an operation's step) made. */
export interface CallNotes {
  /**
   * A request was sent again after an earlier copy of it may have been taken (the wire
   * protocol's redrive when no request id, or "retry the request", came back): whatever the
   * answer, the earlier copy may still take effect later.
   */
  resent: boolean;
}

const current = new AsyncLocalStorage<CallNotes>();

/** Runs `fn`, what the transport notices about its calls kept in `notes`. */
export function withCallNotes<T>(notes: CallNotes, fn: () => Promise<T>): Promise<T> {
  return current.run(notes, fn);
}

/** The transport resent a request whose earlier copy may have been taken. */
export function noteResent(): void {
  const notes = current.getStore();
  if (notes) notes.resent = true;
}
