import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { paged } from './paged.js';

describe('paged', () => {
  let database: TestDatabase;
  const ids: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const now = Date.now();
    for (const [i, name] of ['paged-a1', 'paged-b1', 'paged-a2', 'paged-a3', 'paged-a4', 'paged-a5'].entries()) {
      const phone = `1990000000${i}`;
      const row = await database.db
        .insertInto('members')
        .values({ phone, user_name: name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (name.startsWith('paged-a')) ids.push(Number(row.id));
    }
  });
  afterAll(() => database?.drop());

  const members = () => database.db.selectFrom('members').where('user_name', 'like', 'paged-a%');

  it("answers the window of the rows in their order and the filtered query's count, as a number", async () => {
    const page = await paged(members(), { offset: 1, limit: 2 }, (q) =>
      q.select(['id', 'user_name as userName']).orderBy('id', 'desc'),
    );
    expect(page.rows.map((r) => Number(r.id))).toEqual([ids[3], ids[2]]);
    expect(page.rows[0]!.userName).toBe('paged-a4');
    expect(page.total).toBe(5);
  });

  it('counts the rows of the filtered query, not the rows that `rowsOf` makes of them', async () => {
    // A join in `rowsOf` that matches every member twice doubles the rows; the count stays the members'.
    const page = await paged(members(), { offset: 0, limit: 100 }, (q) =>
      q
        .innerJoin(
          (eb) =>
            eb
              .selectFrom('members as other')
              .select('other.id as otherId')
              .where('other.user_name', 'in', ['paged-a1', 'paged-b1'])
              .as('twice'),
          (join) => join.onTrue(),
        )
        .select('members.id'),
    );
    expect(page.rows).toHaveLength(10);
    expect(page.total).toBe(5);
  });

  it('answers no rows and the whole count past the last page', async () => {
    const page = await paged(members(), { offset: 10, limit: 5 }, (q) => q.select('id').orderBy('id'));
    expect(page).toEqual({ rows: [], total: 5 });
  });
});

/**
 * Module sources that still cut a window by hand, each with its reason; every other list of a module pages
 * through `paged()`, which is the one place that writes `.offset(`.
 */
const WINDOW_BY_HAND: Record<string, string> = {};

/** The non-test sources of server/src/modules that write `.offset(` (paths from the modules folder). */
function windowsByHand(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && /\.offset\(/.test(readFileSync(full, 'utf8'))) {
        found.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  return found.sort();
}

describe('paged lists in the modules', () => {
  it('go through paged(): no module source cuts its own window (.offset) unless listed with a reason', () => {
    const byHand = windowsByHand();
    expect(byHand.filter((file) => !(file in WINDOW_BY_HAND))).toEqual([]);
    // A listed file that no longer cuts a window by hand leaves the list.
    expect(Object.keys(WINDOW_BY_HAND).filter((file) => !byHand.includes(file))).toEqual([]);
  });
});
