/** A one-sheet workbook described as plain data (so it can be written in a worker thread). */
export interface SheetSpec {
  sheetName: string;
  creator?: string;
  columns: { header: string; key: string; width: number; numFmt?: string }[];
  rows: Record<string, string | number | Date | null>[];
}

export async function renderWorkbook(spec: SheetSpec): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  if (spec.creator) workbook.creator = spec.creator;
  const sheet = workbook.addWorksheet(spec.sheetName);
  sheet.columns = spec.columns.map(({ header, key, width }) => ({ header, key, width }));
  for (const row of spec.rows) sheet.addRow(row);
  for (const c of spec.columns) if (c.numFmt) sheet.getColumn(c.key).numFmt = c.numFmt;
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
