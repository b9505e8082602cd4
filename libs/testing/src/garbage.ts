import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

let gc: (() => void) | undefined;

/**
 * Whether nothing holds `ref`'s object any more: V8's collector is run (enabled at run time, so
 * the test command needs no --expose-gc) after the current job, which keeps every object a
 * WeakRef was made for or read in alive until it ends.
 */
export async function collected(ref: WeakRef<object>): Promise<boolean> {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  await nextTurn();
  gc();
  return ref.deref() === undefined;
}
