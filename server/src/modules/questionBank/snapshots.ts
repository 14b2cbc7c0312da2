import { randomInt } from 'node:crypto';
import {
  type DrawRequest,
  type QuestionAnswer,
  type QuestionOption,
  type QuestionSnapshot,
  type QuestionTypeCode,
  QuestionLimits,
  QuestionMsg,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import * as q from './queries.js';

/** Parses a stored JSON column, with a fallback for a damaged value. */
export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toSnapshot(row: q.QuestionRecord): QuestionSnapshot {
  return {
    id: Number(row.id),
    version: Number(row.version),
    type: row.type as QuestionTypeCode,
    stem: row.stem,
    options: parseJson<QuestionOption[]>(row.optionsJson, []),
    answer: parseJson<QuestionAnswer>(row.answerJson, ''),
    analysis: row.analysis,
  };
}

/**
 * Snapshots of the owner's questions, in the order of `ids` (duplicates once). Refuses the whole call (400,
 * NOT_YOURS) when any id is not a live question of this owner: another teacher's question is never read.
 */
export async function questionSnapshots(
  ctx: AppContext,
  ownerMemberId: number,
  ids: number[],
): Promise<QuestionSnapshot[]> {
  const wanted = [...new Set(ids.map(Number))];
  if (wanted.length === 0) return [];
  const rows = await q.ownQuestions(ctx.db, ownerMemberId, wanted);
  if (rows.length !== wanted.length) throw refused(QuestionMsg.NOT_YOURS);
  const byId = new Map(rows.map((row) => [Number(row.id), toSnapshot(row)]));
  return wanted.map((id) => byId.get(id)!);
}

/** A group and every group below it (ids), from the owner's groups. */
export function subtreeIds(groups: { id: number; parentId: number | null }[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const g of groups) {
    if (g.parentId === null) continue;
    const list = children.get(Number(g.parentId)) ?? [];
    list.push(Number(g.id));
    children.set(Number(g.parentId), list);
  }
  const out: number[] = [];
  const stack = [rootId];
  const seen = new Set<number>();
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * Draws `count` questions of a type at random from the owner's group and its subgroups (groupId null: the
 * whole bank). Refuses when the group is not the owner's or holds fewer matching questions than asked.
 */
export async function drawQuestions(
  ctx: AppContext,
  ownerMemberId: number,
  { groupId, type, count }: DrawRequest,
): Promise<QuestionSnapshot[]> {
  if (!Number.isInteger(count) || count < 1 || count > QuestionLimits.DRAW_MAX) {
    throw refused(QuestionMsg.DRAW_COUNT);
  }
  let groupIds: number[] | undefined;
  if (groupId !== null) {
    const groups = await q.groupsOf(ctx.db, ownerMemberId);
    if (!groups.some((g) => Number(g.id) === groupId)) throw refused(QuestionMsg.GROUP_UNKNOWN);
    groupIds = subtreeIds(
      groups.map((g) => ({ id: Number(g.id), parentId: g.parentId === null ? null : Number(g.parentId) })),
      groupId,
    );
  }
  const ids = await q.questionIds(ctx.db, { ownerId: ownerMemberId, groupIds, type });
  if (ids.length < count) throw refused(QuestionMsg.DRAW_SHORT(count, ids.length));
  // Fisher–Yates over the first `count` places.
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(ids.length - i);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return questionSnapshots(ctx, ownerMemberId, ids.slice(0, count));
}
