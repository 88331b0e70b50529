import { AsyncLocalStorage } from 'node:async_hooks';

import type { Database } from './client.ts';

/**
 * A transaction that the work of one request joins without being handed it: while a request runs
 * inside `runInTransaction`, every query made through the database returned by
 * `joinRequestTransactions` goes to that transaction (a service's own `transaction()` becomes a
 * savepoint in it). Outside of one, or once it has ended, queries go to the database as usual.
 */
type OpenTransaction = {
  tx: Database;
  open: boolean;
  afterCommit: Array<() => void>;
};

const current = new AsyncLocalStorage<OpenTransaction>();

/** The database, routed to the request's transaction while one is open. */
export function joinRequestTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const store = current.getStore();
      const source = store?.open ? store.tx : target;
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}

/**
 * Runs `work` in one transaction of `db` (the database itself, not the joined one) that every
 * query of the work joins. Callbacks queued with `afterCommit` run once it has committed; none run
 * when it rolls back.
 */
export async function runInTransaction<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const pending: Array<() => void> = [];
  const result = await db.transaction(async (tx) => {
    const store: OpenTransaction = {
      tx: tx as unknown as Database,
      open: true,
      afterCommit: pending,
    };
    try {
      return await current.run(store, () => work(store.tx));
    } finally {
      // Work the request left running (a fire-and-forget call) must not use a finished
      // transaction: from here on it reaches the database directly.
      store.open = false;
    }
  });
  for (const callback of pending) callback();
  return result;
}

/**
 * Runs `callback` now, or after the request's transaction commits when one is open, so what it
 * announces (a server event, for instance) is already visible to whoever reads it.
 */
export function afterCommit(callback: () => void): void {
  const store = current.getStore();
  if (store?.open) store.afterCommit.push(callback);
  else callback();
}
