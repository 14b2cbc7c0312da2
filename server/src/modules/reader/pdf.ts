import fs from 'node:fs';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { notesExportTitle } from '@textbook/contracts';
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

/** Export type 2: the notes as a PDF with a CJK font, by chapter, unplaced notes last. */
export async function notesAsPdf(ctx: AppContext, actor: MemberActor, bookId: number): Promise<Buffer> {
  const font = cjkFont(ctx.config.pdfFont);
  if (!font) throw refused(NO_CJK_FONT);
  const { title, groups } = await notesForExport(ctx, actor, bookId);
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: notesExportTitle(title) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', font.file, font.family);
  doc.font('cjk');
  doc.fontSize(20).text(notesExportTitle(title), { align: 'center' });
  doc.moveDown();
  for (const g of groups) {
    doc.moveDown(0.5).fontSize(14).fillColor('#1e3a8a').text(g.heading);
    for (const n of g.notes) {
      doc.moveDown(0.3).fontSize(11).fillColor('#555555').text(`“${n.quote}”`, { indent: 12 });
      if (n.content) doc.fontSize(11).fillColor('#111111').text(n.content, { indent: 12 });
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
