/**
 * The question bank's spreadsheet work, run in the worker pool (pure functions of plain data: no database, no
 * context). Reading turns the first sheet into rows of cell texts; writing makes a workbook of several sheets.
 */

export interface SheetsSpec {
  sheets: { name: string; columns: { header: string; width: number }[]; rows: string[][] }[];
}

export async function writeQuestionSheets(spec: SheetsSpec): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '高校数字教材平台';
  for (const s of spec.sheets) {
    const sheet = workbook.addWorksheet(s.name);
    sheet.columns = s.columns.map(({ header, width }) => ({ header, width }));
    for (const row of s.rows) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
    sheet.eachRow((row) => {
      row.alignment = { vertical: 'top', wrapText: true };
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type SheetRead = { ok: true; rows: { row: number; cells: string[] }[] } | { ok: false };

/** The first sheet's rows after the header (row numbers as the spreadsheet shows them), `width` cells each. */
export async function readQuestionSheet(input: {
  bytes: Uint8Array;
  width: number;
  maxRows: number;
}): Promise<SheetRead> {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(input.bytes) as unknown as ArrayBuffer);
  } catch {
    return { ok: false };
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { ok: false };
  const header = Array.from({ length: input.width }, (_, i) =>
    String(sheet.getRow(1).getCell(i + 1).text ?? '').trim(),
  );
  const rows: { row: number; cells: string[] }[] = [];
  for (let r = 2; r <= sheet.rowCount && rows.length <= input.maxRows; r += 1) {
    const row = sheet.getRow(r);
    const cells = Array.from({ length: input.width }, (_, i) => String(row.getCell(i + 1).text ?? '').trim());
    if (cells.every((c) => c === '')) continue;
    rows.push({ row: r, cells });
  }
  return { ok: true, rows: [{ row: 1, cells: header }, ...rows] };
}
