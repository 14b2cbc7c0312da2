import { unzipSync, type UnzipFileInfo } from 'fflate';
import { Msg } from '@textbook/contracts';
import { refuse } from './errors.js';

/** Limits checked from the zip's central directory before anything is inflated. */
export const ZipLimits = {
  MAX_ENTRIES: 10_000,
  MAX_TOTAL_BYTES: 512 * 1024 * 1024,
  MAX_ENTRY_BYTES: 128 * 1024 * 1024,
  /** Compression ratio above which a large entry is taken for a zip bomb. */
  MAX_RATIO: 200,
  RATIO_MIN_BYTES: 1024 * 1024,
};

export type Entries = Map<string, Uint8Array>;

function climbsOut(name: string): boolean {
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return true;
  return name.split(/[/\\]/).some((segment) => segment === '..');
}

const LOCAL_HEADER = 0x04034b50;
/** The first four bytes of the first segment of a split (or spanned) archive (APPNOTE 8.5.3). */
const SPLIT_MARKER = 0x08074b50;
const END_RECORD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;

const signatureAt = (bytes: Uint8Array, at: number): number =>
  bytes.length >= at + 4 ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at, true) : -1;

/** The end of central directory record, scanned for from the end (behind a comment of up to 64 KiB). */
function endRecord(bytes: Uint8Array): { at: number; view: DataView } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === END_RECORD) return { at: i, view };
  }
  return null;
}

/**
 * Whether the file is one segment of an archive split across several files (`zip -s`, WinZip's .z01 … .zip):
 * the first segment starts with the split marker; the last one holds the end record, which numbers its disk and
 * the central directory's disk above zero (or, in ZIP64, counts more than one disk). EPUB forbids both.
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

function isZip(bytes: Uint8Array): boolean {
  return signatureAt(bytes, 0) === LOCAL_HEADER;
}

/**
 * Reads an EPUB's zip container. The central directory is checked first (entry count, sizes, ratio,
 * names that climb out or are absolute); only then are the entries inflated.
 */
export function readZip(bytes: Uint8Array): Entries {
  if (bytes.length === 0) throw refuse('文件为空，不是有效的 EPUB 电子书', 'The file is empty; it is not an EPUB.');
  if (isSplit(bytes)) {
    throw refuse(
      Msg.EPUB_SPLIT_ARCHIVE,
      'The file is one segment of a split (multi-part) ZIP archive; an EPUB must be one whole archive.',
    );
  }
  if (!isZip(bytes)) {
    throw refuse('文件不是 EPUB 电子书（不是 ZIP 压缩包）', 'The file is not an EPUB (it is not a ZIP archive).');
  }
  const listed: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        listed.push(file);
        return false;
      },
    });
  } catch {
    throw refuse('EPUB 压缩包已损坏，无法读取', 'The EPUB archive is damaged and cannot be read.');
  }
  checkDirectory(listed);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => !file.name.endsWith('/') });
  } catch {
    throw refuse('EPUB 压缩包已损坏，无法解压', 'The EPUB archive is damaged and cannot be unpacked.');
  }
  const renamed = legacyNames(bytes);
  const entries: Entries = new Map();
  for (const [name, data] of Object.entries(files)) {
    if (data.length > ZipLimits.MAX_ENTRY_BYTES) {
      throw refuse('EPUB 中的文件解压后过大', `An entry inflates beyond its declared size: ${name}`);
    }
    entries.set((renamed.get(name) ?? name).normalize('NFC'), data);
  }
  return entries;
}

function checkDirectory(listed: UnzipFileInfo[]): void {
  if (listed.length === 0) throw refuse('EPUB 压缩包中没有任何文件', 'The EPUB archive holds no files.');
  if (listed.length > ZipLimits.MAX_ENTRIES) {
    throw refuse(
      `EPUB 中的文件过多（超过 ${ZipLimits.MAX_ENTRIES} 个）`,
      `The EPUB holds more than ${ZipLimits.MAX_ENTRIES} files.`,
    );
  }
  let total = 0;
  for (const file of listed) {
    // EPUB allows stored and Deflate entries only (fflate would fail on any other as "damaged").
    if (file.compression !== 0 && file.compression !== 8 && !file.name.endsWith('/')) {
      const method = METHODS[file.compression] ?? '';
      throw refuse(
        Msg.EPUB_COMPRESSION_UNSUPPORTED(`${method || '未知'}（编号 ${file.compression}）`, file.name),
        `An entry is compressed with ${method || 'an unknown method'} (method ${file.compression}), which EPUB does not allow (only Deflate or stored): ${file.name}`,
      );
    }
    if (climbsOut(file.name)) {
      throw refuse(
        `EPUB 中有文件路径越出压缩包（${file.name}）`,
        `An entry name is absolute or climbs out of the archive: ${file.name}`,
      );
    }
    total += file.originalSize;
    const ratio = file.size > 0 ? file.originalSize / file.size : file.originalSize > 0 ? Infinity : 1;
    if (
      file.originalSize > ZipLimits.MAX_ENTRY_BYTES ||
      (file.originalSize > ZipLimits.RATIO_MIN_BYTES && ratio > ZipLimits.MAX_RATIO)
    ) {
      throw refuse(
        `EPUB 中的文件解压后过大，疑似压缩炸弹（${file.name}）`,
        `An entry is too large or too highly compressed (a zip bomb?): ${file.name}`,
      );
    }
  }
  if (total > ZipLimits.MAX_TOTAL_BYTES) {
    throw refuse('EPUB 解压后总大小超出限制', 'The EPUB is too large once unpacked.');
  }
}

// Code page 437, bytes 0x80-0xff: the zip format's encoding for names not flagged as UTF-8.
const CP437 =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/**
 * Names of entries whose UTF-8 flag is unset, as fflate read them (one byte per character), mapped to
 * what they mean: UTF-8 when the bytes are valid UTF-8 (many tools forget the flag), otherwise code
 * page 437 as the zip format says. A book whose files were named that way then still finds them.
 */
function legacyNames(bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const end = endRecord(bytes);
  if (!end) return out;
  const { at: eocd, view } = end;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  for (let n = 0; n < count && at + 46 <= bytes.length; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const raw = bytes.subarray(at + 46, at + 46 + nameLength);
    at += 46 + skip;
    if (flags & 0x800 || raw.every((b) => b < 0x80)) continue;
    const asRead = String.fromCharCode(...raw);
    let meant: string;
    try {
      meant = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      meant = [...raw].map((b) => (b < 0x80 ? String.fromCharCode(b) : CP437[b - 0x80]!)).join('');
    }
    out.set(asRead, meant);
  }
  return out;
}
