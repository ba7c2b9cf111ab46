/**
 * A Kysely dialect whose connection wait is bounded. The embedded database has one connection,
 * so a request queues behind whatever holds it; past `timeoutMs` it fails (a 500 the client can
 * retry, and /readyz says so) instead of hanging. PostgreSQL has the same bound through the
 * pool's `connectionTimeoutMillis`.
 */
import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';

export class DatabaseBusyError extends Error {}

class BoundedWaitDriver implements Driver {
  constructor(
    private readonly driver: Driver,
    private readonly timeoutMs: number,
    private readonly afterDestroy: () => void,
  ) {}

  init() {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const acquiring = this.driver.acquireConnection();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DatabaseBusyError(`no database connection within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    try {
      return await Promise.race([acquiring, timeout]);
    } catch (error) {
      // The connection still comes to this waiter later: hand it straight back, or it is lost.
      void acquiring.then(
        (connection) => this.driver.releaseConnection(connection),
        () => undefined,
      );
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.driver.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.driver.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.driver.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.driver.releaseConnection(connection);
  }

  async destroy() {
    await this.driver.destroy();
    this.afterDestroy();
  }
}

/** `afterDestroy` runs once the database is closed (the embedded one releases its data folder). */
export function boundedWait(
  dialect: Dialect,
  timeoutMs: number,
  afterDestroy: () => void = () => undefined,
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new BoundedWaitDriver(dialect.createDriver(), timeoutMs, afterDestroy),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
