/**
 * Spreadsheet uploads (the member import, the question import): the limits every uploaded xlsx is checked
 * against before and while it is read, and the messages that name them. Ours; the spec shows none.
 */
export const SheetLimits = {
  /** Parts (zip entries) an xlsx may hold. */
  ENTRIES_MAX: 1000,
  /** Inflated size of the whole file and of any one part, in MB. */
  INFLATED_MAX_MB: 64,
  /** A part larger than 1 MB inflated may be at most this many times its compressed size. */
  RATIO_MAX: 200,
  /** Spreadsheets one caller may have read at once (one server). */
  PER_CALLER: 1,
  /** Characters kept of one cell (a longer one is cut; no field takes that much). */
  CELL_CHARS_MAX: 65_536,
} as const;

export const SheetMsg = {
  NOT_XLSX: '文件不是有效的 xlsx 表格（可能已损坏），请用 Excel 或 WPS 另存为 .xlsx 后重新上传',
  TOO_MANY_PARTS: `表格文件中的部件超过${SheetLimits.ENTRIES_MAX}个，无法读取`,
  TOO_LARGE: `表格文件解压后超过${SheetLimits.INFLATED_MAX_MB}MB，无法读取，请删除多余内容后重新上传`,
  BOMB: `表格文件的压缩比超过${SheetLimits.RATIO_MAX}倍，疑似压缩炸弹，无法读取`,
  ONE_AT_A_TIME: `每人同时只能导入${SheetLimits.PER_CALLER}个表格文件，请等上一个导入完成后再试`,
} as const;
