// The operations console (docs/console.md): a page over the JSON API, routed by the URL's hash.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { call } from './api.js';
import { GuestView, ListView } from './list.js';
import { OperationView } from './operation.js';
import { html } from './parts.js';

/** #/operations/{id}, #/guests/{userid}, or the list (#/?status=…&userid=…). */
function route(hash) {
  const [path, query = ''] = hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'operations' && parts[1]) return { view: 'op', id: parts[1] };
  if (parts[0] === 'guests' && parts[1]) return { view: 'guest', userid: parts[1] };
  return { view: 'list', filters: Object.fromEntries(new URLSearchParams(query)) };
}

/** Queues draining (GET /host/drain), when the service has that route; nothing otherwise. */
function Drain() {
  const [drain, setDrain] = useState(null);
  useEffect(() => {
    const load = () =>
      call('GET', '/host/drain').then(
        ({ status, env }) => setDrain(status === 200 ? env.output : null),
        () => setDrain(null),
      );
    void load();
    const timer = setInterval(load, 10000);
    return () => clearInterval(timer);
  }, []);
  if (!drain?.draining) return null;
  const queues = (drain.queues ?? []).filter((q) => q.draining);
  return html`<section class="drain" role="status">
    <b>Draining:</b>
    ${queues.map(
      (q) =>
        html` <span key=${q.name}
          >${q.name} (since ${q.since}, by ${q.by}; ${q.waiting} waiting, ${q.active} active)</span
        >`,
    )}
  </section>`;
}

function App() {
  const [where, setWhere] = useState(route(location.hash));
  useEffect(() => {
    const on = () => setWhere(route(location.hash));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  let body;
  if (where.view === 'op') body = html`<${OperationView} id=${where.id} />`;
  else if (where.view === 'guest') body = html`<${GuestView} userid=${where.userid} />`;
  else body = html`<${ListView} filters=${where.filters} />`;
  return html`<header>
      <h1><a href="#/">hv-orchestrator console</a></h1>
      <nav>
        <a href="#/">Operations</a> <a href="/admin/queues">Queues</a> <a href="/docs">API</a>
      </nav>
    </header>
    <${Drain} />
    <main>${body}</main>`;
}

const root = document.getElementById('console');
root.textContent = ''; // the page's "Loading…", shown until this module ran
render(html`<${App} />`, root);
