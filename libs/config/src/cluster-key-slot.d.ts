// cluster-key-slot (ioredis's own slot function) ships no types.
declare module 'cluster-key-slot' {
  /** The Redis Cluster slot (0–16383) of a key, honouring a `{tag}` in it. */
  export default function calculateSlot(key: string | Buffer): number;
}
