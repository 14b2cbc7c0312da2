// Hostile spreadsheets for the upload tests, written in memory without a spreadsheet library: a zip bomb (a valid
// xlsx whose sheet inflates to gigabytes of spaces) and a sheet of hundreds of thousands of rows, deflated while it
// is generated (nothing on disk; under a megabyte in memory).
import { once } from 'node:events';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

interface Packed {
  name: string;
  /** Raw Deflate data. */
  packed: Buffer;
  size: number;
  crc: number;
}

const packedOf = (name: string, text: string): Packed => {
  const data = Buffer.from(text);
  return { name, packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** A ZIP archive of Deflate entries (fast: whole buffers, not bytes one by one). */
export function zipOf(entries: Packed[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0); // version needed
    common.writeUInt16LE(0x0800, 2); // UTF-8 names
    common.writeUInt16LE(8, 4); // Deflate
    common.writeUInt16LE(0, 6);
    common.writeUInt16LE(0x21, 8);
    common.writeUInt32LE(e.crc >>> 0, 10);
    common.writeUInt32LE(e.packed.length, 14);
    common.writeUInt32LE(e.size, 18);
    common.writeUInt16LE(name.length, 22);
    common.writeUInt16LE(0, 24);
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, name]);
    locals.push(local, e.packed);
    const tail = Buffer.alloc(14);
    tail.writeUInt32LE(offset, 10);
    central.push(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02, 0x1e, 0x03]), common, tail, name]));
    offset += local.length + e.packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** An xlsx of one sheet (already deflated) and its shared strings, as Excel lays the parts out. */
function xlsxOf(sheet: Packed, strings: readonly string[]): Buffer {
  return zipOf([
    packedOf(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    packedOf(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    packedOf(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    packedOf(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sheet,
    packedOf(
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${escape(s)}</t></si>`).join('')}</sst>`,
    ),
  ]);
}

const headerRow = (header: readonly string[]) =>
  `<row r="1">${header.map((_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="s"><v>${i}</v></c>`).join('')}</row>`;

const MB = 1024 * 1024;

/**
 * A valid xlsx whose sheet is the header row and then `megabytes` MB of spaces: each megabyte deflates alone to
 * about 1 KB (a full flush between them), so 1,900 MB make a file of about 1.9 MB, as the issue's bombs were.
 */
export function bombXlsx(header: readonly string[], megabytes: number): Buffer {
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${headerRow(header)}`,
  );
  const spaces = Buffer.alloc(MB, 0x20);
  const tail = Buffer.from('</sheetData></worksheet>');
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const spacesPacked = deflateRawSync(spaces, flush);
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) crc = crc32(spaces, crc);
  crc = crc32(tail, crc);
  const packed = Buffer.concat([
    deflateRawSync(head, flush),
    ...Array.from({ length: megabytes }, () => spacesPacked),
    deflateRawSync(tail),
  ]);
  return xlsxOf(
    { name: 'xl/worksheets/sheet1.xml', packed, size: head.length + megabytes * MB + tail.length, crc },
    header,
  );
}

/**
 * A valid xlsx of the header row and `rows` rows of one cell (one of `values`, drawn by a seeded generator so it
 * deflates about 30 to 1, like real data: well within the ratio limit), generated and deflated in batches.
 */
export async function manyRowsXlsx(
  header: readonly string[],
  values: readonly string[],
  rows: number,
): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 1 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  let size = 0;
  let crc = 0;
  const write = async (text: string) => {
    const data = Buffer.from(text);
    size += data.length;
    crc = crc32(data, crc);
    if (!deflate.write(data)) await once(deflate, 'drain');
  };
  await write(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${headerRow(header)}`);
  let seed = 12345;
  const BATCH = 10_000;
  for (let from = 0; from < rows; from += BATCH) {
    let text = '';
    for (let n = from; n < Math.min(rows, from + BATCH); n++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      text += `<row><c t="s"><v>${header.length + (seed % values.length)}</v></c></row>`;
    }
    await write(text);
  }
  await write('</sheetData></worksheet>');
  deflate.end();
  await once(deflate, 'end');
  return xlsxOf({ name: 'xl/worksheets/sheet1.xml', packed: Buffer.concat(chunks), size, crc }, [...header, ...values]);
}
