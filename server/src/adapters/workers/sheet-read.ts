import { Inflate } from 'fflate';
import { Parser } from 'htmlparser2';
import { SheetLimits } from '@textbook/contracts';
import {
  entryPlaces,
  inspectZip,
  type ZipEntryPlace,
  type ZipLimitSet,
  type ZipProblem,
} from '../../util/zip-check.js';

const MB = 1024 * 1024;

/** The central-directory limits of an uploaded spreadsheet (contracts' `SheetLimits`, which the messages name). */
export const SHEET_ZIP_LIMITS: ZipLimitSet = {
  MAX_ENTRIES: SheetLimits.ENTRIES_MAX,
  MAX_TOTAL_BYTES: SheetLimits.INFLATED_MAX_MB * MB,
  MAX_ENTRY_BYTES: SheetLimits.INFLATED_MAX_MB * MB,
  MAX_RATIO: SheetLimits.RATIO_MAX,
  RATIO_MIN_BYTES: MB,
};

export interface SheetReadInput {
  bytes: Uint8Array;
  /** Cells kept of each row, from column A. */
  width: number;
  /** Rows with any text after the header; one more stops the reading at once (`tooManyRows`). */
  maxRows: number;
}

export type SheetProblem = ZipProblem['kind'] | 'notSheet' | 'tooManyRows';

export type SheetReadResult =
  { ok: true; header: string[]; rows: { row: number; cells: string[] }[] } | { ok: false; problem: SheetProblem };

/** A shared string's index, resolved once the rows are known (only the strings they use are kept). */
type Cell = string | { shared: number };

/** Compressed bytes handed to the inflater at a time: at most ~1,000 times as much comes out of one. */
const SLICE = 4096;

class Stop extends Error {}

/**
 * Streams one entry's XML through a SAX parser without inflating it whole: `onTag`/`onText`/`onClose` see the
 * elements (names without their namespace prefix); a handler throws `Stop` to end the reading early. An entry that
 * inflates beyond its declared size (a directory that lies) or the limit stops there, as damaged.
 */
function streamXml(
  bytes: Uint8Array,
  place: ZipEntryPlace,
  handler: {
    onTag: (name: string, attrs: Record<string, string>) => void;
    onText: (text: string) => void;
    onClose: (name: string) => void;
  },
): 'done' | 'stopped' | 'damaged' {
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const parser = new Parser(
    {
      onopentag: (name, attrs) => handler.onTag(local(name), attrs),
      ontext: (text) => handler.onText(text),
      onclosetag: (name) => handler.onClose(local(name)),
    },
    { xmlMode: true, decodeEntities: true },
  );
  const decoder = new TextDecoder('utf-8');
  const cap = Math.min(place.size, SHEET_ZIP_LIMITS.MAX_ENTRY_BYTES);
  let out = 0;
  let overflow = false;
  const take = (chunk: Uint8Array, final: boolean) => {
    out += chunk.length;
    if (out > cap) {
      overflow = true;
      throw new Stop();
    }
    parser.write(decoder.decode(chunk, { stream: !final }));
    if (final) parser.end();
  };
  const data = bytes.subarray(place.dataStart, place.dataStart + place.compressedSize);
  try {
    if (place.method === 0) {
      for (let at = 0; at < data.length; at += SLICE) {
        take(data.subarray(at, at + SLICE), at + SLICE >= data.length);
      }
      if (data.length === 0) take(new Uint8Array(0), true);
    } else if (place.method === 8) {
      const inflate = new Inflate((chunk, final) => take(chunk, final));
      for (let at = 0; at < data.length; at += SLICE) inflate.push(data.subarray(at, at + SLICE), false);
      inflate.push(new Uint8Array(0), true);
    } else return 'damaged';
  } catch (err) {
    if (err instanceof Stop) return overflow ? 'damaged' : 'stopped';
    return 'damaged';
  }
  return 'done';
}

/** "BC12" → 54 (0-based column of a cell reference). */
function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    col = col * 26 + (code - 64);
  }
  return col - 1;
}

/** A relationship target resolved against the folder of the part that names it (`xl/` for the workbook). */
function resolvePart(folder: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `${folder}${target}`.split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p && p !== '.') out.push(p);
  }
  return out.join('/');
}

/** A small part's relationships: id → target, and the targets by type (the last word of the type URI). */
function relationships(bytes: Uint8Array, place: ZipEntryPlace | undefined, folder: string) {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  if (!place) return { byId, byType };
  streamXml(bytes, place, {
    onTag: (name, attrs) => {
      if (name !== 'Relationship' || !attrs.Target) return;
      const target = resolvePart(folder, attrs.Target);
      if (attrs.Id) byId.set(attrs.Id, target);
      const type = (attrs.Type ?? '').split('/').pop() ?? '';
      if (!byType.has(type)) byType.set(type, target);
    },
    onText: () => {},
    onClose: () => {},
  });
  return { byId, byType };
}

/** The path of the workbook's first sheet and of its shared strings (from the package's relationships). */
function locateParts(bytes: Uint8Array, places: Map<string, ZipEntryPlace>) {
  const root = relationships(bytes, places.get('_rels/.rels'), '');
  const workbook = root.byType.get('officeDocument') ?? 'xl/workbook.xml';
  const slash = workbook.lastIndexOf('/');
  const folder = workbook.slice(0, slash + 1);
  const rels = relationships(bytes, places.get(`${folder}_rels/${workbook.slice(slash + 1)}.rels`), folder);
  const book = places.get(workbook);
  if (!book) return null;
  let firstSheetId: string | undefined;
  streamXml(bytes, book, {
    onTag: (name, attrs) => {
      if (name !== 'sheet' || firstSheetId !== undefined) return;
      const key = Object.keys(attrs).find((k) => k === 'id' || k.endsWith(':id'));
      firstSheetId = key ? attrs[key] : '';
      throw new Stop();
    },
    onText: () => {},
    onClose: () => {},
  });
  const sheet = (firstSheetId && rels.byId.get(firstSheetId)) || `${folder}worksheets/sheet1.xml`;
  return { sheet, sharedStrings: rels.byType.get('sharedStrings') ?? `${folder}sharedStrings.xml` };
}

/** Number cells read as a person reads them (13800138000, 2.5), as exceljs's `text` did. */
function numberText(raw: string): string {
  const n = Number(raw);
  return raw.trim() === '' || Number.isNaN(n) ? raw : String(n);
}

/**
 * Reads the first sheet of an uploaded xlsx, checked first and streamed (a worker-pool task, pure data in and
 * out): the zip's central directory against `SHEET_ZIP_LIMITS` before anything is inflated (`util/zip-check.ts`,
 * as the EPUB importer does); then the sheet's XML streamed, keeping `width` cells of each row and stopping the
 * moment a row beyond `maxRows` is met (`tooManyRows`) — a sheet of 750,000 rows is refused after the first
 * thousands, never held; then only the shared strings those rows use. Row 1 is the header; rows without text
 * are skipped; row numbers are the sheet's.
 */
export async function readSheet(input: SheetReadInput): Promise<SheetReadResult> {
  const bytes = input.bytes;
  const fail = (problem: SheetProblem): SheetReadResult => ({ ok: false, problem });
  const listing = inspectZip(bytes, SHEET_ZIP_LIMITS);
  if (!listing.ok) return fail(listing.problem.kind);
  const places = entryPlaces(bytes);
  const parts = locateParts(bytes, places);
  const sheetPlace = parts && places.get(parts.sheet);
  if (!parts || !sheetPlace) return fail('notSheet');

  const { width, maxRows } = input;
  const rows: { row: number; cells: Cell[] }[] = [];
  let header: Cell[] = Array.from({ length: width }, () => '');
  let tooMany = false;
  let rowNumber = 0;
  let cells: Cell[] = [];
  let nextColumn = 0;
  let cell: { col: number; type: string } | null = null;
  /** Which text is being gathered: a value (`v`), an inline string's text (`t` in `is`, outside `rPh`). */
  let gather: 'v' | 't' | null = null;
  let inPhonetic = false;
  let value = '';
  let inline = '';
  const add = (text: string, to: string) => (to.length < SheetLimits.CELL_CHARS_MAX ? to + text : to);

  const walked = streamXml(bytes, sheetPlace, {
    onTag: (name, attrs) => {
      if (name === 'row') {
        const r = Number(attrs.r);
        rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
        cells = Array.from({ length: width }, () => '');
        nextColumn = 0;
      } else if (name === 'c') {
        const col = attrs.r ? columnOf(attrs.r) : nextColumn;
        nextColumn = col + 1;
        cell = col >= 0 && col < width ? { col, type: attrs.t ?? 'n' } : null;
        value = '';
        inline = '';
      } else if (cell && name === 'v') gather = 'v';
      else if (cell && name === 't') gather = 't';
      else if (name === 'rPh') inPhonetic = true;
    },
    onText: (text) => {
      if (gather === 'v') value = add(text, value);
      else if (gather === 't' && !inPhonetic) inline = add(text, inline);
    },
    onClose: (name) => {
      if (name === 'v' || name === 't') gather = null;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell) {
        const { col, type } = cell;
        if (type === 's') {
          const index = Number(value);
          cells[col] = Number.isInteger(index) && index >= 0 ? { shared: index } : '';
        } else if (type === 'inlineStr') cells[col] = inline;
        else if (type === 'b') cells[col] = value === '1' ? 'true' : value === '0' ? 'false' : value;
        else if (type === 'str' || type === 'e') cells[col] = value;
        else cells[col] = numberText(value);
        cell = null;
      } else if (name === 'row') {
        if (rowNumber === 1) header = cells;
        else if (rowNumber > 1 && cells.some((c) => typeof c !== 'string' || c.trim() !== '')) {
          rows.push({ row: rowNumber, cells });
          if (rows.length > maxRows) {
            tooMany = true;
            throw new Stop();
          }
        }
      }
    },
  });
  if (tooMany) return fail('tooManyRows');
  if (walked === 'damaged') return fail('damaged');

  // Only the shared strings the kept rows use are read (the file may list hundreds of thousands).
  const wanted = new Set<number>();
  for (const c of [...header, ...rows.flatMap((r) => r.cells)]) if (typeof c !== 'string') wanted.add(c.shared);
  const shared = new Map<number, string>();
  const stringsPlace = places.get(parts.sharedStrings);
  if (wanted.size > 0 && stringsPlace) {
    const last = Math.max(...wanted);
    let index = -1;
    let text = '';
    let inText = false;
    let phonetic = false;
    const readStrings = streamXml(bytes, stringsPlace, {
      onTag: (name) => {
        if (name === 'si') {
          index += 1;
          text = '';
        } else if (name === 't') inText = true;
        else if (name === 'rPh') phonetic = true;
      },
      onText: (t) => {
        if (inText && !phonetic && wanted.has(index)) text = add(t, text);
      },
      onClose: (name) => {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic = false;
        else if (name === 'si') {
          if (wanted.has(index)) shared.set(index, text);
          if (index >= last) throw new Stop();
        }
      },
    });
    if (readStrings === 'damaged') return fail('damaged');
  }
  const textOf = (c: Cell) => (typeof c === 'string' ? c : (shared.get(c.shared) ?? '')).trim();
  return {
    ok: true,
    header: header.map(textOf),
    rows: rows.map((r) => ({ row: r.row, cells: r.cells.map(textOf) })).filter((r) => r.cells.some(Boolean)),
  };
}
