import { describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { activeEntries, grantShelfEntry, revokeShelfEntry } from './service.js';

describe('shelf grants', () => {
  const t = useTestApp();

  async function book(): Promise<number> {
    const now = Date.now();
    const { id } = await t.ctx.db
      .insertInto('books')
      .values({ identifier: `urn:test:${now}:${Math.random()}`, title: '高等数学', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  it('adds a grant once however often it is given, and renews its expiry', async () => {
    const m = await buildMember(t.ctx.db);
    const b = await book();
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: b,
      source: 'class',
      sourceRef: 7,
      expiresAt: Date.now() + 1000,
    });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: b,
      source: 'class',
      sourceRef: 7,
      expiresAt: null,
    });
    const entries = await activeEntries(t.ctx.db, m.id, b);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: 'class', sourceRef: 7, expiresAt: null });
  });

  it('keeps a book readable through another grant when one is revoked, and ignores expired grants', async () => {
    const m = await buildMember(t.ctx.db);
    const b = await book();
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b, source: 'class', sourceRef: 1 });
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b, source: 'free' });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: b,
      source: 'sample',
      sourceRef: 3,
      expiresAt: Date.now() - 1,
    });
    await revokeShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b, source: 'class', sourceRef: 1 });
    const entries = await activeEntries(t.ctx.db, m.id, b);
    expect(entries.map((e) => e.source)).toEqual(['free']);
  });
});
