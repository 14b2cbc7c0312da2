/** What a purchase receipt shows: plain data, so the PDF is written in a worker thread. */
export interface ReceiptSpec {
  title: string;
  font: { file: string; family?: string | undefined };
  lines: [label: string, value: string][];
  footer: string;
}

/** Writes a one-page receipt with a CJK font (runs in a worker thread). */
export async function renderReceiptPdf(spec: ReceiptSpec): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A5', margin: 48, info: { Title: spec.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', spec.font.file, spec.font.family);
  doc.font('cjk');
  doc.fontSize(20).fillColor('#1e3a8a').text(spec.title, { align: 'center' });
  doc.moveDown(1.2);
  for (const [label, value] of spec.lines) {
    doc.fontSize(11).fillColor('#6b7280').text(label, { continued: true }).fillColor('#111111').text(`  ${value}`);
    doc.moveDown(0.4);
  }
  doc.moveDown(1).fontSize(9).fillColor('#9ca3af').text(spec.footer, { align: 'center' });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
