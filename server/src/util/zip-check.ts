import { unzipSync, type UnzipFileInfo } from 'fflate';

/**
 * Checks of a ZIP container made from its central directory alone, before anything is inflated: the EPUB
 * importer and the spreadsheet reader both refuse a file here (each in its own words) rather than unpack a bomb.
 */
export interface ZipLimitSet {
  MAX_ENTRIES: number;
  MAX_TOTAL_BYTES: number;
  MAX_ENTRY_BYTES: number;
  /** Compression ratio above which a large entry is taken for a zip bomb. */
  MAX_RATIO: number;
  RATIO_MIN_BYTES: number;
}

/** Why a container was refused; `name` is the entry's. The caller turns it into its own message. */
export type ZipProblem =
  | { kind: 'empty' }
  | { kind: 'split' }
  | { kind: 'notZip' }
  | { kind: 'damaged' }
  | { kind: 'noEntries' }
  | { kind: 'tooManyEntries' }
  | { kind: 'method'; method: string; code: number; name: string }
  | { kind: 'climbsOut'; name: string }
  /** An entry that inflates beyond the entry limit. */
  | { kind: 'entryTooLarge'; name: string }
  /** A large entry compressed beyond the ratio limit: a zip bomb. */
  | { kind: 'ratio'; name: string }
  | { kind: 'tooLarge' };

const LOCAL_HEADER = 0x04034b50;
/** The first four bytes of the first segment of a split (or spanned) archive (APPNOTE 8.5.3). */
const SPLIT_MARKER = 0x08074b50;
const END_RECORD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;

const signatureAt = (bytes: Uint8Array, at: number): number =>
  bytes.length >= at + 4 ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at, true) : -1;

/** The end of central directory record, scanned for from the end (behind a comment of up to 64 KiB). */
export function endRecord(bytes: Uint8Array): { at: number; view: DataView } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === END_RECORD) return { at: i, view };
  }
  return null;
}

/**
 * Whether the file is one segment of an archive split across several files (`zip -s`, WinZip's .z01 … .zip):
 * the first segment starts with the split marker; the last one holds the end record, which numbers its disk and
 * the central directory's disk above zero (or, in ZIP64, counts more than one disk).
 */
function isSplit(bytes: Uint8Array): boolean {
  if (signatureAt(bytes, 0) === SPLIT_MARKER && signatureAt(bytes, 4) === LOCAL_HEADER) return true;
  const end = endRecord(bytes);
  if (!end) return false;
  const { at, view } = end;
  const [disk, directoryDisk] = [view.getUint16(at + 4, true), view.getUint16(at + 6, true)];
  const [onThisDisk, total] = [view.getUint16(at + 8, true), view.getUint16(at + 10, true)];
  if (at >= 20 && view.getUint32(at - 20, true) === ZIP64_LOCATOR && view.getUint32(at - 4, true) > 1) return true;
  return (disk !== 0 && disk !== 0xffff) || (directoryDisk !== 0 && directoryDisk !== 0xffff) || onThisDisk !== total;
}

/** APPNOTE 4.4.5's compression methods, by number, as a person would know them. */
const METHODS: Record<number, string> = {
  1: 'Shrink',
  2: 'Reduce',
  3: 'Reduce',
  4: 'Reduce',
  5: 'Reduce',
  6: 'Implode',
  9: 'Deflate64',
  10: 'PKWARE DCL Implode',
  12: 'bzip2',
  14: 'LZMA',
  16: 'IBM z/OS CMPSC',
  18: 'IBM TERSE',
  19: 'IBM LZ77 z',
  20: 'Zstandard',
  93: 'Zstandard',
  94: 'MP3',
  95: 'XZ',
  96: 'JPEG',
  97: 'WavPack',
  98: 'PPMd',
  99: 'AES',
};

function climbsOut(name: string): boolean {
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return true;
  return name.split(/[/\\]/).some((segment) => segment === '..');
}

export type ZipListing = { ok: true; entries: UnzipFileInfo[] } | { ok: false; problem: ZipProblem };

/**
 * The container's entries as its central directory lists them, checked against the limits: entry count,
 * compression method (stored or Deflate), names that climb out or are absolute, each entry's inflated size and
 * compression ratio, the total inflated size. Nothing is inflated.
 */
export function inspectZip(bytes: Uint8Array, limits: ZipLimitSet): ZipListing {
  const no = (problem: ZipProblem): ZipListing => ({ ok: false, problem });
  if (bytes.length === 0) return no({ kind: 'empty' });
  if (isSplit(bytes)) return no({ kind: 'split' });
  if (signatureAt(bytes, 0) !== LOCAL_HEADER) return no({ kind: 'notZip' });
  const listed: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        listed.push(file);
        return false;
      },
    });
  } catch {
    return no({ kind: 'damaged' });
  }
  if (listed.length === 0) return no({ kind: 'noEntries' });
  if (listed.length > limits.MAX_ENTRIES) return no({ kind: 'tooManyEntries' });
  let total = 0;
  for (const file of listed) {
    // Stored and Deflate only (fflate would fail on any other as "damaged").
    if (file.compression !== 0 && file.compression !== 8 && !file.name.endsWith('/')) {
      return no({ kind: 'method', method: METHODS[file.compression] ?? '', code: file.compression, name: file.name });
    }
    if (climbsOut(file.name)) return no({ kind: 'climbsOut', name: file.name });
    total += file.originalSize;
    const ratio = file.size > 0 ? file.originalSize / file.size : file.originalSize > 0 ? Infinity : 1;
    if (file.originalSize > limits.MAX_ENTRY_BYTES) return no({ kind: 'entryTooLarge', name: file.name });
    if (file.originalSize > limits.RATIO_MIN_BYTES && ratio > limits.MAX_RATIO) {
      return no({ kind: 'ratio', name: file.name });
    }
  }
  if (total > limits.MAX_TOTAL_BYTES) return no({ kind: 'tooLarge' });
  return { ok: true, entries: listed };
}

/** Where an entry's data is in the file, from its central directory record (read again: fflate hides it). */
export interface ZipEntryPlace {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  dataStart: number;
}

/**
 * The entries' places (name → where its compressed data starts and how long it is). ZIP64 sizes are not read:
 * a caller that checked with `inspectZip` and small limits never meets one; an entry that would need it is left out.
 */
/** One record of the central directory: the fields its readers use, and the entry name's raw bytes. */
export interface CentralRecord {
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  nameBytes: Uint8Array;
  /** Where the entry's local header is. */
  local: number;
}

/** The central directory's records in order, as far as they are whole (the one walk every reader of it shares). */
export function* centralRecords(bytes: Uint8Array): Generator<CentralRecord> {
  const end = endRecord(bytes);
  if (!end) return;
  const { at: eocd, view } = end;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  for (let n = 0; n < count && at + 46 <= bytes.length; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    yield {
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      nameBytes: bytes.subarray(at + 46, at + 46 + nameLength),
      local: view.getUint32(at + 42, true),
    };
    at += 46 + skip;
  }
}

export function entryPlaces(bytes: Uint8Array): Map<string, ZipEntryPlace> {
  const out = new Map<string, ZipEntryPlace>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const { method, compressedSize, size, nameBytes, local } of centralRecords(bytes)) {
    if (compressedSize === 0xffffffff || size === 0xffffffff || local === 0xffffffff) continue;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_HEADER) continue;
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + compressedSize > bytes.length) continue;
    const name = new TextDecoder().decode(nameBytes);
    out.set(name, { name, method, compressedSize, size, dataStart });
  }
  return out;
}
