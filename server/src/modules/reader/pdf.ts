import fs from 'node:fs';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { notesExportTitle, ReaderMsg } from '@textbook/contracts';
import { notesForExport } from './service.js';

/** Fonts with Chinese glyphs, in order of preference after PDF_FONT: the usual system places (Noto CJK, WenQuanYi). */
const CANDIDATES: { file: string; family?: string }[] = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKsc-Regular' },
  { file: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { file: '/System/Library/Fonts/PingFang.ttc', family: 'PingFangSC-Regular' },
];

export const NO_CJK_FONT = '服务器未安装中文字体，暂不能导出PDF，请选择文本导出';

/** A .ttc collection needs the face name: PDF_FONT=/path/font.ttc#FaceName. */
export function cjkFont(configured = ''): { file: string; family?: string } | null {
  const [file, family] = configured.split('#');
  if (file && fs.existsSync(file)) return { file, family };
  return CANDIDATES.find((c) => fs.existsSync(c.file)) ?? null;
}

/** Export type 2: the notes as a PDF with a CJK font, by chapter, unplaced notes last (written in a worker). */
export async function notesAsPdf(ctx: AppContext, actor: MemberActor, bookId: number): Promise<Buffer> {
  const font = cjkFont(ctx.config.pdfFont);
  if (!font) throw refused(NO_CJK_FONT);
  const { title, groups } = await notesForExport(ctx, actor, bookId);
  return ctx.workers.run('pdf', {
    title: notesExportTitle(title),
    font,
    groups: groups.map((g) => ({
      heading: g.heading,
      notes: g.notes.map((n) => ({
        quote: n.quote,
        content: n.content || null,
        page: n.pageLabel ? ReaderMsg.PAGE_LABEL(n.pageLabel) : '',
      })),
    })),
  });
}
