import { DictType, Msg, SiteMsg } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { cached } from './cache.js';
import * as q from './queries.js';

/** The word list as the staff keep it in the dictionaries (cached with the catalogue's reads), each also lower-cased. */
function auditWords(ctx: AppContext): Promise<{ word: string; lower: string }[]> {
  return cached(ctx, `dict:${DictType.AUDIT_WORD}`, async () =>
    (await q.listDict(ctx.db, DictType.AUDIT_WORD))
      .map((w) => ({ word: w.label.trim(), lower: w.label.trim().toLowerCase() }))
      .filter((w) => w.word),
  );
}

/**
 * The content check of text members publish to others (spec §8 content audit): null when it passes, else the
 * spec's 因内容审核不通过，建议修改后重新发布（{reason}）, the reason naming the listed word the text holds. The list
 * is the `audit_word` dictionary, edited by the staff in the dictionaries console (a change applies at once: it
 * clears the catalogue's reads).
 */
export async function contentAuditProblem(ctx: AppContext, text: string): Promise<string | null> {
  const lower = text.toLowerCase();
  // Letters in either case match; the reason names the word as it is listed.
  const hit = (await auditWords(ctx)).find((w) => lower.includes(w.lower));
  return hit === undefined ? null : Msg.AUDIT_FAILED(SiteMsg.AUDIT_WORD(hit.word));
}
