import { Injectable } from '@nestjs/common';

/** What the counter needs of a driver adapter, its transactions, and their factory. */
interface Queryable {
  queryRaw(...args: never[]): Promise<unknown>;
  executeRaw(...args: never[]): Promise<unknown>;
}
interface Adapter extends Queryable {
  startTransaction(...args: never[]): Promise<Queryable>;
}
interface AdapterFactory {
  connect(): Promise<object>;
}

/**
 * SQL statements this process has sent to the database, counted at the driver adapter (what
 * Prisma really sends, transactions' statements and COMMITs included). An integer per
 * statement: cheap enough to keep on, so /metrics and the statement-budget test see the same
 * figure. The adapter's own methods are wrapped in place (a Proxy around it cost more than
 * the statements it counted).
 */
@Injectable()
export class StatementCounter {
  statements = 0;
  transactions = 0;

  /** `factory`, whose adapters and their transactions count into this counter. */
  wrap<F extends AdapterFactory>(factory: F): F {
    const connect = factory.connect.bind(factory);
    factory.connect = async () => {
      const adapter = (await connect()) as Adapter;
      this.countStatements(adapter);
      const start = adapter.startTransaction.bind(adapter);
      adapter.startTransaction = async (...args) => {
        this.transactions++;
        return this.countStatements(await start(...args));
      };
      return adapter;
    };
    return factory;
  }

  private countStatements<Q extends Queryable>(q: Q): Q {
    const query = q.queryRaw.bind(q);
    const execute = q.executeRaw.bind(q);
    q.queryRaw = (...args) => {
      this.statements++;
      return query(...args);
    };
    q.executeRaw = (...args) => {
      this.statements++;
      return execute(...args);
    };
    return q;
  }
}
