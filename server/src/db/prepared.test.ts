import { describe, expect, it } from 'vitest';
import { buildCollege, buildMember } from '../../test/factories.js';
import { useTestApp } from '../../test/helpers.js';
import type { Db } from './connection.js';
import { prepared } from './prepared.js';

describe('prepared queries', () => {
  const t = useTestApp();

  it('compiles once and binds each call its own values, in the order the SQL uses them', async () => {
    const college = await buildCollege(t.ctx.db);
    const [a, b] = [await buildMember(t.ctx.db, { college }), await buildMember(t.ctx.db)];
    // The arguments reach the SQL in another order than they are given.
    const find = prepared((db: Db, phone: string, id: number) =>
      db.selectFrom('members').select(['id', 'phone']).where('id', '=', id).where('phone', '=', phone),
    );
    expect(await find(t.ctx.db, a.phone, a.id)).toEqual([{ id: a.id, phone: a.phone }]);
    expect(await find(t.ctx.db, b.phone, b.id)).toEqual([{ id: b.id, phone: b.phone }]);
    expect(await find(t.ctx.db, a.phone, b.id)).toEqual([]);
  });

  it('refuses a query that does not use each argument as one value', async () => {
    const computed = prepared((db: Db, id: number) =>
      db
        .selectFrom('members')
        .select('id')
        .where('id', '=', id + 1),
    );
    await expect(computed(t.ctx.db, 1)).rejects.toThrow(/every argument/);
    const unused = prepared((db: Db, _id: number) => db.selectFrom('members').select('id'));
    await expect(unused(t.ctx.db, 1)).rejects.toThrow(/every argument/);
  });
});
