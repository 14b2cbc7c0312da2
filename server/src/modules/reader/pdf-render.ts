/** What the PDF of a member's notes shows: plain data, so it is written in a worker thread. */
export interface NotesPdfSpec {
  title: string;
  font: { file: string; family?: string | undefined };
  /** `page`: the print page the note was made on (第 12 页), '' when the book has none. */
  groups: { heading: string; notes: { quote: string; content: string | null; page?: string }[] }[];
}

/** Writes the notes' PDF with a CJK font, by chapter (runs in a worker thread: pdfkit's layout is CPU work). */
export async function renderNotesPdf(spec: NotesPdfSpec): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: spec.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', spec.font.file, spec.font.family);
  doc.font('cjk');
  doc.fontSize(20).text(spec.title, { align: 'center' });
  doc.moveDown();
  for (const g of spec.groups) {
    doc.moveDown(0.5).fontSize(14).fillColor('#1e3a8a').text(g.heading);
    for (const n of g.notes) {
      doc.moveDown(0.3).fontSize(11).fillColor('#555555').text(`“${n.quote}”`, { indent: 12 });
      if (n.page) doc.fontSize(9).fillColor('#888888').text(n.page, { indent: 12 });
      if (n.content) doc.fontSize(11).fillColor('#111111').text(n.content, { indent: 12 });
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
