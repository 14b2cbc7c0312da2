import { unzipSync } from 'fflate';
import { Msg } from '@textbook/contracts';
import { centralRecords, inspectZip, type ZipLimitSet, type ZipProblem } from '../../util/zip-check.js';
import { refuse, type ImportRefusal } from './errors.js';

/** Limits checked from the zip's central directory before anything is inflated. */
export const ZipLimits: ZipLimitSet = {
  MAX_ENTRIES: 10_000,
  MAX_TOTAL_BYTES: 512 * 1024 * 1024,
  MAX_ENTRY_BYTES: 128 * 1024 * 1024,
  MAX_RATIO: 200,
  RATIO_MIN_BYTES: 1024 * 1024,
};

export type Entries = Map<string, Uint8Array>;

/**
 * Reads an EPUB's zip container. The central directory is checked first (entry count, sizes, ratio,
 * names that climb out or are absolute: `util/zip-check.ts`, shared with the spreadsheet reader); only then are
 * the entries inflated.
 */
export function readZip(bytes: Uint8Array): Entries {
  const listing = inspectZip(bytes, ZipLimits);
  if (!listing.ok) throw epubRefusal(listing.problem);
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

/** The EPUB importer's words for a container the shared check refused. */
function epubRefusal(problem: ZipProblem): ImportRefusal {
  switch (problem.kind) {
    case 'empty':
      return refuse('文件为空，不是有效的 EPUB 电子书', 'The file is empty; it is not an EPUB.');
    case 'split':
      return refuse(
        Msg.EPUB_SPLIT_ARCHIVE,
        'The file is one segment of a split (multi-part) ZIP archive; an EPUB must be one whole archive.',
      );
    case 'notZip':
      return refuse('文件不是 EPUB 电子书（不是 ZIP 压缩包）', 'The file is not an EPUB (it is not a ZIP archive).');
    case 'damaged':
      return refuse('EPUB 压缩包已损坏，无法读取', 'The EPUB archive is damaged and cannot be read.');
    case 'noEntries':
      return refuse('EPUB 压缩包中没有任何文件', 'The EPUB archive holds no files.');
    case 'tooManyEntries':
      return refuse(
        `EPUB 中的文件过多（超过 ${ZipLimits.MAX_ENTRIES} 个）`,
        `The EPUB holds more than ${ZipLimits.MAX_ENTRIES} files.`,
      );
    case 'method':
      return refuse(
        Msg.EPUB_COMPRESSION_UNSUPPORTED(`${problem.method || '未知'}（编号 ${problem.code}）`, problem.name),
        `An entry is compressed with ${problem.method || 'an unknown method'} (method ${problem.code}), which EPUB does not allow (only Deflate or stored): ${problem.name}`,
      );
    case 'climbsOut':
      return refuse(
        `EPUB 中有文件路径越出压缩包（${problem.name}）`,
        `An entry name is absolute or climbs out of the archive: ${problem.name}`,
      );
    case 'entryTooLarge':
    case 'ratio':
      return refuse(
        `EPUB 中的文件解压后过大，疑似压缩炸弹（${problem.name}）`,
        `An entry is too large or too highly compressed (a zip bomb?): ${problem.name}`,
      );
    case 'tooLarge':
      return refuse('EPUB 解压后总大小超出限制', 'The EPUB is too large once unpacked.');
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
  for (const { flags, nameBytes: raw } of centralRecords(bytes)) {
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
