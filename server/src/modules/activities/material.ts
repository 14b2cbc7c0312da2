// A material activity's file: stored under a generated name, served to its teacher and, once open, its students.
import { ActivityKind, ActivityMsg, ActivityState, type ActivityRow } from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import * as q from './queries.js';
import { activityClock, materialKey, plainText, present, type ActivityThing } from './service.js';

/** Stores a material activity's file (replacing the one before) under a generated name, never an image name. */
export async function attachFile(
  ctx: AppContext,
  thing: ActivityThing,
  file: { bytes: Buffer; fileName: string },
): Promise<ActivityRow> {
  const a = thing.activity;
  if (a.kind !== ActivityKind.MATERIAL) throw refused(ActivityMsg.FILE_NOT_MATERIAL);
  if (a.state !== ActivityState.DRAFT) throw refused(ActivityMsg.NOT_DRAFT);
  if (file.bytes.length === 0) throw refused(ActivityMsg.FILE_REQUIRED);
  const key = materialKey();
  await ctx.files.site.put(key, file.bytes);
  const name = plainText(file.fileName).replace(/[\\/]/g, '_').slice(-200) || 'file';
  const changed = await q.updateInState(ctx.db, a.id, ActivityState.DRAFT, {
    file_key: key,
    file_name: name,
    updated_at: activityClock(ctx).now(),
  });
  if (changed === 0) {
    await ctx.files.site.delete(key).catch(() => undefined);
    throw refused(ActivityMsg.NOT_DRAFT);
  }
  if (a.file_key) await ctx.files.site.delete(a.file_key).catch(() => undefined);
  return present((await q.findActivity(ctx.db, a.id))!, true);
}

/** The material's stored file (its key in `ctx.files.site`) for its teacher, or a student once it is open. */
export function materialFile(actor: MemberActor, thing: ActivityThing): { key: string; fileName: string } {
  const a = thing.activity;
  const teacher = actor.memberId === thing.teacherId;
  if (!teacher && a.state === ActivityState.DRAFT) throw notFound();
  if (!a.file_key) throw notFound(ActivityMsg.NO_FILE);
  return { key: a.file_key, fileName: a.file_name };
}
