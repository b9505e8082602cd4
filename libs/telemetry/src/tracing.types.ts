/** What a started tracing SDK offers the process that started it. */
export interface TracingSdk {
  /** Exports what is buffered now. */
  flush(): Promise<void>;
  /** Exports what is still buffered and stops; further spans are dropped. */
  shutdown(): Promise<void>;
}

/** Which process this is (the service name is `hv-orchestrator-<role>`). */
export type ProcessRole = 'api' | 'worker';
