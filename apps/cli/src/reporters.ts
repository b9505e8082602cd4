import { styleText } from 'node:util';
import { SingleBar } from 'cli-progress';
import type { Operation, Reporter, StepEvent } from './follow.js';

const seconds = (start: number) => ((Date.now() - start) / 1000).toFixed(1);

/**
 * For scripts and logs (not a terminal): one line per event,
 *   `<elapsed>s step <name> started|ended [result]`, `<elapsed>s progress <percent>% <step>`,
 *   `<elapsed>s <status>` at the end.
 */
export function lineReporter(out: NodeJS.WritableStream): Reporter {
  const start = Date.now();
  const line = (text: string) => out.write(`${seconds(start)}s ${text}\n`);
  return {
    step: (e: StepEvent) =>
      line(`step ${e.name} ${e.phase}${e.phase === 'ended' && e.result ? ` ${e.result}` : ''}`),
    progress: (percent, step) => line(`progress ${percent}%${step ? ` ${step}` : ''}`),
    reconnecting: (n) => line(`reconnecting (${n})`),
    done: (op: Operation) => line(op.status),
  };
}

/** On a terminal: a progress bar with the current step, percent and elapsed time. */
export function barReporter(out: NodeJS.WriteStream, color: boolean): Reporter {
  const paint = (style: Parameters<typeof styleText>[0], text: string) =>
    color ? styleText(style, text) : text;
  const bar = new SingleBar({
    stream: out,
    format: ` {bar} {percentage}% | {step} | {duration_formatted}`,
    barCompleteChar: '█',
    barIncompleteChar: '░',
    hideCursor: true,
    clearOnComplete: false,
    noTTYOutput: false,
  });
  let step = 'queued';
  bar.start(100, 0, { step });
  return {
    step: (e) => {
      if (e.phase === 'started') step = e.name;
      bar.update({ step });
    },
    progress: (percent, s) => bar.update(percent, { step: s ?? step }),
    reconnecting: (n) => bar.update({ step: `${step} (reconnecting ${n})` }),
    done: (op) => {
      const ok = op.status === 'succeeded';
      if (ok) bar.update(100, { step: 'done' });
      bar.stop();
      out.write(`${paint(ok ? 'green' : 'red', op.status)}\n`);
    },
  };
}
