import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { textTable } from '../../util/text-cells.js';
import { cjkFont, NO_CJK_FONT } from '../reader/index.js';
import { CollegeMsg, CollegeText } from '@textbook/contracts';

export interface Table {
  title: string;
  columns: { header: string; key: string; width: number }[];
  rows: Record<string, string | number>[];
}

export interface ExportFile {
  kind: 'xlsx' | 'txt' | 'pdf';
  fileName: string;
  bytes: Buffer | string;
}

/**
 * A table as the export type asks (spec §9): 0 a spreadsheet, 1 text (a header line, then one tab-separated
 * line a row, formula-like cells neutralised: `util/text-cells.ts`), 2 a PDF (a line a row, CJK font). Spreadsheets and PDFs are written in the worker pool.
 */
export async function exportTable(ctx: AppContext, table: Table, type: number): Promise<ExportFile> {
  if (table.rows.length === 0) throw refused(CollegeMsg.NOTHING_TO_EXPORT);
  if (type === 1) {
    const text = textTable(
      table.columns.map((c) => c.header),
      table.rows.map((r) => table.columns.map((c) => r[c.key] ?? '')),
    );
    return { kind: 'txt', fileName: `${table.title}.txt`, bytes: text };
  }
  if (type === 2) {
    const font = cjkFont(ctx.config.pdfFont);
    if (!font) throw refused(NO_CJK_FONT);
    const bytes = await ctx.workers.run('pdf', {
      title: table.title,
      font,
      groups: [
        { heading: table.columns.map((c) => c.header).join('  '), notes: [] },
        ...table.rows.map((r) => ({ heading: table.columns.map((c) => String(r[c.key] ?? '')).join('  '), notes: [] })),
      ],
    });
    return { kind: 'pdf', fileName: `${table.title}.pdf`, bytes };
  }
  const bytes = await ctx.workers.run('xlsx', {
    sheetName: table.title.slice(0, 31),
    creator: CollegeText.SITE,
    columns: table.columns,
    rows: table.rows,
  });
  return { kind: 'xlsx', fileName: `${table.title}.xlsx`, bytes };
}

/** yyyy-MM-dd HH:mm in China time (exports are read by people). */
export function dateTime(ms: number | null | undefined): string {
  if (!ms) return '';
  const d = new Date(ms + 8 * 3_600_000);
  return d.toISOString().slice(0, 16).replace('T', ' ');
}
