// on-exit-leak-free (pino's own exit hook) ships no types.
declare module 'on-exit-leak-free' {
  /** Calls `fn(obj)` at process exit while `obj` is alive; holds `obj` only weakly. */
  export function register<T extends object>(obj: T, fn: (obj: T, event: string) => void): void;
}
