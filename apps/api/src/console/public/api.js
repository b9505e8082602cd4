// The console's only way to the service: the JSON API, with a temporary X-Auth-Token that
// POST /console/session gives this page (the browser's basic auth is not one).
import { EventSourceParserStream } from 'eventsource-parser/stream';

let token = null;
let asking = null;

/** A new token, asked once however many calls need it at the same time. */
function session() {
  asking ??= fetch('/console/session', { method: 'POST', credentials: 'same-origin' })
    .then(async (res) => {
      await res.text(); // read to its end: an unread body keeps the request open
      token = res.ok ? res.headers.get('x-auth-token') : null;
      if (!token) throw new Error(`no session (HTTP ${res.status})`);
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/**
 * One API call; resolves to { status, env, headers } whatever the status (the envelope's
 * errmsg says why a refusal), rejects only when the service cannot be reached.
 */
export async function call(method, path, { body, headers = {} } = {}) {
  if (!token) await session();
  const send = () =>
    fetch(path, {
      method,
      headers: {
        'x-auth-token': token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let res = await send();
  if (res.status === 401) {
    await session(); // the token expired: a new one, once
    res = await send();
  }
  const env = await res.json().catch(() => null);
  return { status: res.status, env, headers: res.headers };
}

/** GET `path`'s output, or throws with the envelope's errmsg. */
export async function read(path) {
  const { status, env } = await call('GET', path);
  if (status !== 200) throw new Error(env?.errmsg || `HTTP ${status}`);
  return env.output;
}

/** GET /operations with the filters given (empty ones left out). */
export function listOperations(filters, cursor) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (cursor) q.set('cursor', cursor);
  return read(`/operations?${q}`);
}

/**
 * Follows GET /operations/{id}/events (server-sent events) until `done` or `signal` aborts,
 * resuming with Last-Event-ID when the stream ends early. fetch, not EventSource: an
 * EventSource cannot send the X-Auth-Token header.
 */
export async function follow(id, onEvent, signal) {
  let last = null;
  while (!signal.aborted) {
    if (!token) await session();
    let ended = false;
    try {
      const res = await fetch(`/operations/${id}/events`, {
        headers: { 'x-auth-token': token, ...(last ? { 'last-event-id': last } : {}) },
        signal,
      });
      if (res.status === 401) token = null;
      if (!res.ok)
        await res.text(); // the refusal read: the request ends
      else if (res.body) {
        const events = res.body
          .pipeThrough(new TextDecoderStream())
          .pipeThrough(new EventSourceParserStream());
        for await (const e of events) {
          if (e.id && e.id !== 'done') last = e.id;
          onEvent({ type: e.event ?? 'message', data: JSON.parse(e.data), at: new Date() });
          if (e.event === 'done') ended = true;
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      onEvent({ type: 'error', data: { errmsg: String(err) }, at: new Date() });
    }
    if (ended) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
}
