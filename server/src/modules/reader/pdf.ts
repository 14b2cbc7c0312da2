import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';

/** Export type 2 (PDF) is not built yet: the text export (type 1) is. */
export async function notesAsPdf(_ctx: AppContext, _actor: MemberActor, _bookId: number): Promise<Buffer> {
  throw refused('暂不支持导出PDF，请选择文本导出');
}
