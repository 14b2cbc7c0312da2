/**
 * A report as plain data (so it is written in a worker thread): key figures, charts and tables. The workbook
 * holds the data (a summary sheet, then a sheet a table); the PDF draws the charts (bars, lines, a heat strip)
 * and the tables with a CJK font.
 */
export interface ReportChart {
  title: string;
  kind: 'bar' | 'line' | 'heat';
  labels: string[];
  series: { name: string; values: number[] }[];
}

export interface ReportTable {
  title: string;
  sheet: string;
  columns: { header: string; key: string; width: number }[];
  rows: Record<string, string | number>[];
}

export interface ReportDoc {
  title: string;
  lines: string[];
  figures: { label: string; value: string | number }[];
  charts: ReportChart[];
  tables: ReportTable[];
  summarySheet: string;
}

export interface ReportPdfSpec {
  doc: ReportDoc;
  font: { file: string; family?: string | undefined };
}

const PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

/** The workbook: a summary sheet (title, range lines, key figures), then one sheet per table. */
export async function renderReportWorkbook(doc: ReportDoc): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '高校数字教材平台';
  const summary = workbook.addWorksheet(doc.summarySheet);
  summary.columns = [
    { key: 'label', width: 28 },
    { key: 'value', width: 40 },
  ];
  summary.addRow([doc.title]).font = { bold: true, size: 14 };
  for (const line of doc.lines) summary.addRow([line]);
  summary.addRow([]);
  for (const f of doc.figures) summary.addRow([f.label, f.value]);
  const used = new Set([doc.summarySheet]);
  for (const t of doc.tables) {
    let name = t.sheet.slice(0, 31);
    for (let i = 2; used.has(name); i++) name = `${t.sheet.slice(0, 28)}(${i})`;
    used.add(name);
    const sheet = workbook.addWorksheet(name);
    sheet.columns = t.columns.map(({ header, key, width }) => ({ header, key, width }));
    for (const row of t.rows) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type Doc = InstanceType<typeof import('pdfkit')>;

const PAGE = { left: 48, right: 547, bottom: 790 };

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > PAGE.bottom) doc.addPage();
}

function drawChart(doc: Doc, chart: ReportChart) {
  const height = chart.kind === 'heat' ? 90 : 170;
  ensureSpace(doc, height + 40);
  doc.fontSize(12).fillColor('#111111').text(chart.title, PAGE.left, doc.y);
  const top = doc.y + 6;
  const left = PAGE.left + 36;
  const width = PAGE.right - left;
  const plotH = height - 40;
  const all = chart.series.flatMap((s) => s.values);
  const max = Math.max(1, ...all);
  const n = Math.max(1, chart.labels.length);
  doc.lineWidth(0.5).strokeColor('#9ca3af');
  if (chart.kind === 'heat') {
    // One cell a day, seven rows (a calendar strip), darker for more reading.
    const cols = Math.ceil(n / 7);
    const cell = Math.min(12, width / Math.max(1, cols));
    const values = chart.series[0]?.values ?? [];
    values.forEach((v, i) => {
      const shade =
        v <= 0
          ? '#ebedf0'
          : v < max / 4
            ? '#9be9a8'
            : v < max / 2
              ? '#40c463'
              : v < (3 * max) / 4
                ? '#30a14e'
                : '#216e39';
      doc.rect(left + Math.floor(i / 7) * cell, top + (i % 7) * cell, cell - 1.5, cell - 1.5).fill(shade);
    });
    doc.fontSize(7).fillColor('#555555');
    doc.text(chart.labels[0] ?? '', left, top + 7 * cell + 4, { lineBreak: false });
    doc.text(chart.labels.at(-1) ?? '', left + Math.max(0, cols * cell - 50), top + 7 * cell + 4, { lineBreak: false });
    doc.y = top + 7 * cell + 18;
    doc.x = PAGE.left;
    return;
  }
  doc
    .moveTo(left, top)
    .lineTo(left, top + plotH)
    .lineTo(left + width, top + plotH)
    .stroke();
  doc.fontSize(7).fillColor('#555555');
  doc.text(String(Math.round(max)), PAGE.left, top - 3, { width: 32, align: 'right', lineBreak: false });
  doc.text('0', PAGE.left, top + plotH - 6, { width: 32, align: 'right', lineBreak: false });
  const slot = width / n;
  const seriesCount = Math.max(1, chart.series.length);
  chart.series.forEach((s, si) => {
    const color = PALETTE[si % PALETTE.length]!;
    if (chart.kind === 'bar') {
      const barW = Math.max(1, (slot * 0.8) / seriesCount);
      s.values.forEach((v, i) => {
        const h = (v / max) * plotH;
        if (h > 0) doc.rect(left + i * slot + slot * 0.1 + si * barW, top + plotH - h, barW, h).fill(color);
      });
    } else {
      doc.lineWidth(1.2).strokeColor(color);
      s.values.forEach((v, i) => {
        const x = left + i * slot + slot / 2;
        const y = top + plotH - (v / max) * plotH;
        if (i === 0) doc.moveTo(x, y);
        else doc.lineTo(x, y);
      });
      if (s.values.length) doc.stroke();
    }
  });
  // Labels: at most twelve under the axis.
  const every = Math.max(1, Math.ceil(n / 12));
  doc.fontSize(7).fillColor('#555555');
  chart.labels.forEach((label, i) => {
    if (i % every) return;
    doc.text(label.slice(0, 10), left + i * slot, top + plotH + 3, {
      width: Math.max(30, slot * every),
      lineBreak: false,
    });
  });
  // Legend.
  let lx = left;
  const ly = top + plotH + 16;
  chart.series.forEach((s, si) => {
    doc.rect(lx, ly + 1, 8, 8).fill(PALETTE[si % PALETTE.length]!);
    doc
      .fillColor('#333333')
      .fontSize(8)
      .text(s.name, lx + 11, ly, { lineBreak: false });
    lx += 16 + doc.widthOfString(s.name) + 10;
  });
  doc.y = ly + 18;
  doc.x = PAGE.left;
}

function drawTable(doc: Doc, table: ReportTable) {
  ensureSpace(doc, 60);
  doc.fontSize(12).fillColor('#111111').text(table.title, PAGE.left, doc.y);
  doc.moveDown(0.3);
  const total = table.columns.reduce((s, c) => s + c.width, 0);
  const widths = table.columns.map((c) => ((PAGE.right - PAGE.left) * c.width) / total);
  const rowH = 16;
  const drawRow = (cells: string[], header: boolean) => {
    ensureSpace(doc, rowH);
    const y = doc.y;
    if (header) doc.rect(PAGE.left, y, PAGE.right - PAGE.left, rowH).fill('#eef2ff');
    let x = PAGE.left;
    doc.fontSize(8).fillColor(header ? '#1e3a8a' : '#111111');
    cells.forEach((cell, i) => {
      doc.text(cell, x + 3, y + 4, { width: widths[i]! - 6, height: rowH - 4, lineBreak: false, ellipsis: true });
      x += widths[i]!;
    });
    doc
      .moveTo(PAGE.left, y + rowH)
      .lineTo(PAGE.right, y + rowH)
      .lineWidth(0.3)
      .strokeColor('#d1d5db')
      .stroke();
    doc.y = y + rowH;
  };
  drawRow(
    table.columns.map((c) => c.header),
    true,
  );
  for (const row of table.rows)
    drawRow(
      table.columns.map((c) => String(row[c.key] ?? '')),
      false,
    );
  doc.moveDown(0.8);
  doc.x = PAGE.left;
}

/** The PDF: title, range lines, key figures, the charts, then the tables (CJK font; runs in a worker thread). */
export async function renderReportPdf(spec: ReportPdfSpec): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: spec.doc.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', spec.font.file, spec.font.family);
  doc.font('cjk');
  doc.fontSize(18).fillColor('#111111').text(spec.doc.title, { align: 'center' });
  doc.moveDown(0.3);
  for (const line of spec.doc.lines) doc.fontSize(10).fillColor('#555555').text(line, { align: 'center' });
  doc.moveDown(0.6);
  // Key figures, four to a row.
  const boxW = (PAGE.right - PAGE.left) / 4;
  spec.doc.figures.forEach((f, i) => {
    if (i % 4 === 0) ensureSpace(doc, 44);
    const x = PAGE.left + (i % 4) * boxW;
    const y = doc.y;
    doc
      .fontSize(8)
      .fillColor('#6b7280')
      .text(f.label, x, y, { width: boxW - 8, lineBreak: false });
    doc
      .fontSize(14)
      .fillColor('#111111')
      .text(String(f.value), x, y + 12, { width: boxW - 8, lineBreak: false });
    doc.y = i % 4 === 3 || i === spec.doc.figures.length - 1 ? y + 38 : y;
  });
  doc.x = PAGE.left;
  doc.moveDown(0.5);
  for (const chart of spec.doc.charts) drawChart(doc, chart);
  for (const table of spec.doc.tables) drawTable(doc, table);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
