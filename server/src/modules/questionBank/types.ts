/** A file the bank answers for download (template, export). */
export interface ExportFileLike {
  kind: 'xlsx';
  fileName: string;
  bytes: Buffer | Uint8Array;
}
