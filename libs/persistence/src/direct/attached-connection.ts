import type { StatementCounter } from '../statement-counter.js';

/** What the direct layer needs of a driver adapter: the connection (or pool) it holds. */
export interface AdapterWithClient<C> {
  client: C;
  dispose(): Promise<void>;
}

/**
 * The driver connection of Prisma's current adapter, for the direct statements: set on each
 * connect, cleared when the adapter closes it, opened through Prisma when a statement comes
 * first (after $disconnect, Prisma's own queries reconnect too, e.g. a worker finishing its last
 * job during shutdown).
 */
export abstract class AttachedConnection<C> {
  private current: C | null = null;

  constructor(
    protected readonly counter: StatementCounter,
    private readonly connect: () => Promise<void>,
  ) {}

  /** Wraps `factory` so each adapter it connects is attached here until disposed. */
  follow<F extends { connect(): Promise<object> }>(factory: F): F {
    const connect = factory.connect.bind(factory);
    factory.connect = async () => {
      const adapter = (await connect()) as AdapterWithClient<C>;
      this.attach(adapter.client);
      this.watch(adapter);
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = () => {
        this.detach(adapter.client);
        return dispose();
      };
      return adapter;
    };
    return factory;
  }

  /** Called on (re)connect: anything prepared belongs to the old connection. */
  protected abstract reset(): void;

  /** Sees each adapter as it connects (e.g. to follow its transactions). */
  protected watch(adapter: object): void {
    void adapter;
  }

  protected async connection(): Promise<C> {
    if (!this.current) await this.connect();
    if (!this.current) throw new Error('database connection not open');
    return this.current;
  }

  private attach(client: C): void {
    this.current = client;
    this.reset();
  }

  private detach(client: C): void {
    if (this.current !== client) return; // a newer connection replaced it
    this.current = null;
    this.reset();
  }
}
