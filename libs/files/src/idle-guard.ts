import { PassThrough, type Readable } from 'node:stream';

export class UploadIdleError extends Error {
  constructor(readonly seconds: number) {
    super(`no bytes for ${seconds} s`);
    this.name = 'UploadIdleError';
  }
}

/**
 * `source` through a pass-through that fails with UploadIdleError when no bytes arrive for
 * `seconds`. The source is only unpiped and paused, not destroyed, so the caller can still
 * answer on the connection (a request body whose socket is destroyed gets no answer).
 */
export function idleGuard(source: Readable, seconds: number): PassThrough {
  const out = new PassThrough();
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      source.unpipe(out);
      source.pause();
      out.destroy(new UploadIdleError(seconds));
    }, seconds * 1000);
  };
  source.on('data', arm);
  source.once('error', (e) => out.destroy(e));
  out.once('close', () => {
    clearTimeout(timer);
    source.off('data', arm);
  });
  arm();
  source.pipe(out);
  return out;
}
