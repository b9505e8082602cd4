// The operations list with its filters, what needs an operator at the top; a guest's history.
import { useEffect, useRef, useState } from 'preact/hooks';
import { listOperations, read } from './api.js';
import { OperationsTable, Problem, STATUSES, hrefGuest, html } from './parts.js';

/** The list's filters, as GET /operations names them, with what the form calls them. */
const FILTERS = [
  ['status', 'Status'],
  ['kind', 'Kind'],
  ['userid', 'Guest'],
  ['requested_by', 'Who asked'],
  ['request_id', 'Request id'],
  ['since', 'Since (RFC 3339)'],
  ['until', 'Until (RFC 3339)'],
];

/** Operations matching `filters`, page by page (next_cursor), refreshed every few seconds. */
function usePages(filters, refreshMs = 5000) {
  const [state, setState] = useState({ ops: null, next: null, problem: '' });
  const shown = useRef(0); // a refresh reloads as many as "More" has shown (the API's most: 500)
  shown.current = state.ops?.length ?? 0;
  const key = JSON.stringify(filters);
  useEffect(() => {
    let live = true;
    const load = () =>
      listOperations({ ...filters, limit: Math.min(Math.max(shown.current, 50), 500) }).then(
        (page) => live && setState({ ops: page.operations, next: page.next_cursor, problem: '' }),
        (e) => live && setState({ ops: [], next: null, problem: e.message }),
      );
    void load();
    const timer = setInterval(load, refreshMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [key]);
  const more = () =>
    listOperations(filters, state.next).then((page) =>
      setState({ ops: [...state.ops, ...page.operations], next: page.next_cursor, problem: '' }),
    );
  return { ...state, more };
}

function FilterForm({ filters, kinds }) {
  const submit = (e) => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (String(v).trim()) q.set(k, v.trim());
    location.hash = `#/?${q}`;
  };
  return html`<form class="filters" onSubmit=${submit}>
    ${FILTERS.map(
      ([name, label]) =>
        html`<label key=${name}>
          ${label}
          ${
            name === 'status'
              ? html`<select name="status" value=${filters.status ?? ''}>
                  <option value="">any</option>
                  ${STATUSES.map((s) => html`<option value=${s}>${s}</option>`)}
                </select>`
              : html`<input
                  name=${name}
                  value=${filters[name] ?? ''}
                  list=${name === 'kind' ? 'kinds' : undefined}
                />`
          }
        </label>`,
    )}
    <datalist id="kinds">${kinds.map((k) => html`<option value=${k} />`)}</datalist>
    <button type="submit">Filter</button>
    <a class="button" href="#/">Clear</a>
  </form>`;
}

/** needs_attention operations and drift items: what waits for an operator, shown first. */
function Attention() {
  const { ops } = usePages({ status: 'needs_attention' }, 10000);
  const [drift, setDrift] = useState(null);
  useEffect(() => {
    read('/drift').then(setDrift, () => setDrift(null)); // no drift report: nothing to show
  }, []);
  const items = drift?.items ?? [];
  if (!ops?.length && !items.length) return null;
  return html`<section class="attention">
    ${
      ops?.length
        ? html`<h2>Needs attention (${ops.length})</h2>
            <${OperationsTable} ops=${ops} />`
        : null
    }
    ${
      items.length
        ? html`<h2>Drift (${items.length})</h2>
            <table class="drift">
              <thead>
                <tr>
                  <th>Kind</th>
                  <th>Item</th>
                  <th>Hypervisor</th>
                  <th>Database</th>
                </tr>
              </thead>
              <tbody>
                ${items.map(
                  (d) =>
                    html`<tr key=${d.kind + d.id}>
                      <td>${d.kind}</td>
                      <td>
                        ${d.kind.startsWith('guest_') ? html`<a href=${hrefGuest(d.id)}>${d.id}</a>` : d.id}
                      </td>
                      <td class="mono">
                        ${d.hypervisor ? JSON.stringify(d.hypervisor) : 'absent'}
                      </td>
                      <td class="mono">${d.database ? JSON.stringify(d.database) : 'absent'}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
            <p class="muted">
              Checked ${drift.checked_at}; decide with POST /drift/{kind}/{id}/adopt or forget.
            </p>`
        : null
    }
  </section>`;
}

export function ListView({ filters }) {
  const { ops, next, problem, more } = usePages(filters);
  const kinds = [...new Set((ops ?? []).map((o) => o.kind))].sort();
  return html`<${Attention} />
    <section>
      <h2>Operations</h2>
      <${FilterForm} filters=${filters} kinds=${kinds} />
      <${Problem} text=${problem} />
      <${OperationsTable} ops=${ops} empty="No operation matches." />
      ${next ? html`<button onClick=${more}>More</button>` : null}
    </section>`;
}

export function GuestView({ userid }) {
  const { ops, next, problem, more } = usePages({ userid });
  return html`<section>
    <h2>Guest ${userid}: its operations</h2>
    <${Problem} text=${problem} />
    <${OperationsTable} ops=${ops} empty="No operation on this guest." />
    ${next ? html`<button onClick=${more}>More</button>` : null}
  </section>`;
}
