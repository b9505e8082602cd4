// One operation: what it is, its steps, late effects and resolutions, its live events, and the
// operator's verbs (cancel, retry, resolve), each confirmed first.
import { useEffect, useState } from 'preact/hooks';
import { call, follow, read } from './api.js';
import { Problem, Status, hrefGuest, hrefOp, html, took, when } from './parts.js';

const ASYNC = { prefer: 'respond-async' }; // answered at once: the events tell the end

/** Runs a verb after the operator confirms; the answer (an errmsg on refusal) for the page. */
async function act(question, path, body) {
  if (!confirm(question)) return null;
  const { status, env, headers } = await call('POST', path, { body, headers: ASYNC });
  if (status >= 400) return { problem: env?.errmsg || `refused (HTTP ${status})` };
  const verb = path.split('/').at(-1);
  return {
    notice: `${verb}: ${status === 202 ? 'accepted' : 'done'} (HTTP ${status})`,
    opId: headers.get('operation-id'),
  };
}

/** A step's or late effect's detail: a message as it is, anything else as JSON. */
const detailOf = (d) => (typeof d === 'string' ? d : JSON.stringify(d));

function Verbs({ op, onAnswer }) {
  const at = `/operations/${op.id}`;
  const run = (p) =>
    p.then(
      (a) => a && onAnswer(a),
      (e) => onAnswer({ problem: String(e) }),
    );
  const note = () => {
    const text = prompt('Mark resolved: what did you do (required)?');
    if (!text) return;
    run(
      act(`Mark ${op.kind} on ${op.target} resolved?`, `${at}/resolve`, {
        mark: 'resolved',
        note: text,
      }),
    );
  };
  const open = ['queued', 'running'].includes(op.status);
  const retriable = ['failed', 'cancelled'].includes(op.status) && !op.retried_by;
  return html`<div class="verbs">
    ${
      open
        ? html`<button
            class="danger"
            data-verb="cancel"
            onClick=${() => run(act(`Cancel ${op.kind} on ${op.target ?? '—'}?`, `${at}/cancel`))}
          >
            Cancel
          </button>`
        : null
    }
    ${
      retriable
        ? html`<button
            data-verb="retry"
            onClick=${() => run(act(`Run ${op.kind} on ${op.target ?? '—'} again as a new operation?`, `${at}/retry`))}
          >
            Retry
          </button>`
        : null
    }
    ${
      op.status === 'needs_attention'
        ? html`<button
              data-verb="resolve"
              onClick=${() => run(act(`Retry the undo of ${op.kind} on ${op.target} now?`, `${at}/resolve`, {}))}
            >
              Resolve: retry undo
            </button>
            <button data-verb="mark-resolved" onClick=${note}>Resolve: mark resolved…</button>`
        : null
    }
  </div>`;
}

function Steps({ steps }) {
  if (!steps.length) return html`<p class="muted">No step yet.</p>`;
  return html`<table class="steps">
    <thead>
      <tr>
        <th>Step</th>
        <th>Started</th>
        <th>Took</th>
        <th>Result</th>
        <th>rc/rs</th>
        <th>In doubt until</th>
        <th>Detail</th>
      </tr>
    </thead>
    <tbody>
      ${steps.map(
        (s, i) =>
          html`<tr key=${i} class=${s.name.startsWith('undo ') ? 'undo' : ''}>
            <td>${s.name}</td>
            <td>${when(s.started_at)}</td>
            <td>${took(s.started_at, s.ended_at)}${s.ended_at ? '' : ' …'}</td>
            <td>${s.result ?? 'running'}</td>
            <td class="mono">${s.rc === undefined ? '' : `${s.rc}/${s.rs}`}</td>
            <td>${when(s.in_doubt_until)}</td>
            <td class="mono">${s.detail ? detailOf(s.detail) : ''}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function Later({ op }) {
  return html`${
    op.late_effects.length
      ? html`<h3>Late effects</h3>
          <ul>
            ${op.late_effects.map((l) => html`<li>${when(l.found_at)}: ${l.step} — ${l.action}${l.detail ? ` (${detailOf(l.detail)})` : ''}</li>`)}
          </ul>`
      : null
  }
  ${
    op.resolutions.length
      ? html`<h3>Resolutions</h3>
          <ul>
            ${op.resolutions.map((r) => html`<li>${when(r.at)}: ${r.how} by ${r.by}${r.note ? ` — ${r.note}` : ''}</li>`)}
          </ul>`
      : null
  }`;
}

function Events({ events }) {
  return html`<h3>Live events</h3>
    <ol class="events">
      ${events.map(
        (e, i) =>
          html`<li key=${i} data-event=${e.type}>
            <span class="muted">${e.at.toLocaleTimeString(undefined, { hour12: false })}</span>
            <b>${e.type}</b>
            <span>${summary(e)}</span>
          </li>`,
      )}
    </ol>
    ${events.length ? null : html`<p class="muted">Waiting for events…</p>`}`;
}

function summary({ type, data }) {
  if (type === 'step') return `${data.name} ${data.phase}${data.result ? `: ${data.result}` : ''}`;
  if (type === 'progress')
    return `${data.percent}% (${data.status}${data.step ? `, ${data.step}` : ''})`;
  if (type === 'done')
    return `${data.status}${data.response?.errmsg ? `: ${data.response.errmsg}` : ''}`;
  return data.errmsg ?? '';
}

export function OperationView({ id }) {
  const [op, setOp] = useState(null);
  const [problem, setProblem] = useState('');
  const [answer, setAnswer] = useState(null);
  const [events, setEvents] = useState([]);
  const load = () => read(`/operations/${id}`).then(setOp, (e) => setProblem(e.message));
  useEffect(() => {
    setOp(null);
    setEvents([]);
    setAnswer(null);
    void load();
    const stop = new AbortController();
    void follow(
      id,
      (e) => {
        setEvents((list) => [...list, e]);
        if (e.type !== 'progress') void load();
      },
      stop.signal,
    );
    return () => stop.abort();
  }, [id]);
  if (!op)
    return html`<${Problem}
        text=${problem}
      />${problem ? null : html`<p class="muted">Loading…</p>`}`;
  const onAnswer = (a) => {
    setAnswer(a);
    void load();
  };
  return html`<section class="operation">
    <h2>
      ${op.kind} ${op.target ? html`on <a href=${hrefGuest(op.target)}>${op.target}</a>` : null}
      <${Status} status=${op.status} />
    </h2>
    <${Verbs} op=${op} onAnswer=${onAnswer} />
    <${Problem} text=${answer?.problem} />
    ${
      answer?.notice
        ? html`<p class="notice" role="status">
            ${answer.notice}${
              answer.opId && answer.opId !== op.id
                ? html` — new operation <a href=${hrefOp(answer.opId)}>${answer.opId}</a>`
                : null
            }
          </p>`
        : null
    }
    <dl class="meta">
      <dt>Operation</dt>
      <dd class="mono">${op.id}</dd>
      <dt>Created</dt>
      <dd>${when(op.created_at)}</dd>
      <dt>Started</dt>
      <dd>${when(op.started_at)}</dd>
      <dt>Finished</dt>
      <dd>
        ${
          op.finished_at
            ? `${when(op.finished_at)} (took ${took(op.started_at, op.finished_at)})`
            : ''
        }
      </dd>
      <dt>Who asked</dt>
      <dd>${op.requested_by ?? '—'}</dd>
      <dt>Request id</dt>
      <dd class="mono">${op.request_id ?? '—'}</dd>
      <dt>Attempts</dt>
      <dd>${op.attempts}</dd>
      ${
        op.retry_of
          ? html`<dt>Retry of</dt>
              <dd><a class="mono" href=${hrefOp(op.retry_of)}>${op.retry_of}</a></dd>`
          : null
      }
      ${
        op.retried_by
          ? html`<dt>Retried by</dt>
              <dd>
                <a class="mono" data-link="retried_by" href=${hrefOp(op.retried_by)}
                  >${op.retried_by}</a
                >
              </dd>`
          : null
      }
      ${
        op.response?.errmsg
          ? html`<dt>Error</dt>
              <dd class="problem">
                ${op.response.errmsg} (rc ${op.response.rc}, rs ${op.response.rs})
              </dd>`
          : null
      }
    </dl>
    <h3>Steps</h3>
    <${Steps} steps=${op.steps} />
    <${Later} op=${op} />
    <${Events} events=${events} />
  </section>`;
}
