// Small pieces the console's views share.
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);

export const STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'needs_attention',
];

/** Where the console shows what: #/ (the list), #/operations/{id}, #/guests/{userid}. */
export const hrefOp = (id) => `#/operations/${encodeURIComponent(id)}`;
export const hrefGuest = (userid) => `#/guests/${encodeURIComponent(userid)}`;

/** A time as the operator reads it: local, to the second. */
export function when(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString(undefined, { hour12: false });
}

/** How long from `a` to `b` (or until now while running). */
export function took(a, b) {
  if (!a) return '';
  const ms = (b ? new Date(b) : new Date()).getTime() - new Date(a).getTime();
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

export const Status = ({ status }) =>
  html`<span class=${`status status-${status}`}>${status.replace('_', ' ')}</span>`;

export const Problem = ({ text }) =>
  text ? html`<p class="problem" role="alert">${text}</p>` : null;

/** Operations as a table; a row's id opens it, its guest opens the guest's history. */
export function OperationsTable({ ops, empty = 'No operations.' }) {
  if (!ops) return html`<p class="muted">Loading…</p>`;
  if (!ops.length) return html`<p class="muted">${empty}</p>`;
  return html`<table class="ops">
    <thead>
      <tr>
        <th>Created</th>
        <th>Status</th>
        <th>Kind</th>
        <th>Guest</th>
        <th>Who asked</th>
        <th>Request id</th>
        <th>Took</th>
        <th>Operation</th>
      </tr>
    </thead>
    <tbody>
      ${ops.map(
        (o) =>
          html`<tr key=${o.id} data-op=${o.id}>
            <td>${when(o.created_at)}</td>
            <td><${Status} status=${o.status} /></td>
            <td>${o.kind}</td>
            <td>${o.target ? html`<a href=${hrefGuest(o.target)}>${o.target}</a>` : '—'}</td>
            <td>${o.requested_by ?? '—'}</td>
            <td class="mono">${o.request_id ?? '—'}</td>
            <td>${took(o.started_at, o.finished_at)}</td>
            <td><a class="mono" href=${hrefOp(o.id)}>${o.id.slice(0, 8)}</a></td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}
