import { describe, expect, it } from 'vitest';
import { buildCollege, buildMember } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { actorOfToken, hashToken } from './service.js';

describe('sessions', () => {
  const t = useTestApp();

  it('sessions last seen over an hour ago slide forward, all those asked at one moment in one update', async () => {
    const college = await buildCollege(t.ctx.db);
    const members = await Promise.all([0, 1, 2, 3, 4].map(() => buildMember(t.ctx.db, { college, roles: '3' })));
    // They logged in before class.
    const before = Date.now() - 2 * 3600 * 1000;
    const hashes = members.map((m) => hashToken(m.token));
    await t.ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: before, expires_at: before + 1000 * 3600 * 24 })
      .where('token_hash', 'in', hashes)
      .execute();
    const statements: string[] = [];
    const db = t.ctx.db.withPlugin({
      transformQuery: ({ node }) => {
        statements.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const started = Date.now();
    const actors = await Promise.all(members.map((m) => actorOfToken({ ...t.ctx, db }, m.token)));
    expect(actors.map((a) => a?.kind === 'member' && a.memberId)).toEqual(members.map((m) => m.id));
    // One read of the five sessions, one update of them.
    expect(statements).toEqual(['SelectQueryNode', 'UpdateQueryNode']);
    const rows = await t.ctx.db
      .selectFrom('sessions')
      .select(['last_seen_at', 'expires_at'])
      .where('token_hash', 'in', hashes)
      .execute();
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(Number(r.last_seen_at)).toBeGreaterThanOrEqual(started);
      expect(Number(r.expires_at)).toBe(Number(r.last_seen_at) + 7 * 24 * 3600 * 1000);
    }
  });
});
