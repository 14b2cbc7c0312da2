import { createQueryId, type CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './connection.js';

/**
 * A hot query whose SQL Kysely builds and compiles once per database handle, then runs with new values (issue
 * 21: building and compiling a query with a few joins cost more than running it on SQLite; the auth lookup of
 * an unknown token and a class join's facts run on every such request). `build` must have one shape whatever
 * its arguments, and put each argument into the query as a value as it is (no `if`, no computing from one):
 * the first compile runs it with stand-ins and learns which parameter is which argument; a stand-in left over
 * or one argument found nowhere is a mistake, and throws.
 */
export function prepared<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<R>; slots: number[] }>();
  return async (db, ...args) => {
    let known = compiled.get(db);
    if (!known) {
      const standIns = args.map((_, i) => ({ standIn: i }));
      const query = build(db, ...(standIns as unknown as A)).compile();
      const slots = query.parameters.map((p) => standIns.indexOf(p as (typeof standIns)[number]));
      if (slots.includes(-1) || standIns.some((_, i) => !slots.includes(i))) {
        throw new Error(`prepared: every argument must be one value of the query (${query.sql})`);
      }
      compiled.set(db, (known = { query, slots }));
    }
    const { query, slots } = known;
    const run = { ...query, parameters: slots.map((i) => args[i]), queryId: createQueryId() };
    return (await db.executeQuery<R>(run)).rows;
  };
}
