/**
 * The question bank's spreadsheet writing, run in the worker pool (a pure function of plain data: no database,
 * no context): a workbook of several sheets. Reading an upload is the shared checked reader (`http/sheet-upload.ts`).
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
