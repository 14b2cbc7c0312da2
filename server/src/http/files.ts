import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, refused, tooLarge } from './errors.js';

export interface UploadRule {
  maxBytes: number;
  /** Said when the request holds no file (or is not a well-formed multipart request). */
  missing: string;
  /** Said when the file is larger than `maxBytes` (413). */
  tooLarge: string;
}

export interface Upload {
  bytes: Buffer;
  fileName: string;
  /** The other form fields, as strings. */
  fields: Record<string, string>;
}

/**
 * Reads the one file of a multipart upload (field "file"), whole, under the rule's size. A request that is not
 * multipart, has no boundary, is cut short or holds no file is refused with the rule's message, never a 500.
 */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
  if (!request.isMultipart()) throw refused(rule.missing);
  try {
    const file = await request.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
    if (!file) throw refused(rule.missing);
    const bytes = await file.toBuffer();
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(file.fields)) {
      const one = Array.isArray(field) ? field[0] : field;
      if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
    }
    return { bytes, fileName: file.filename, fields };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(rule.tooLarge);
    throw refused(rule.missing);
  }
}

const TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  /** Any file a member uploaded (shared material): always an attachment, never shown inline. */
  bin: 'application/octet-stream',
} as const;

/** The type and headers of a file to download (made now, or stored: `sendStored`). */
export function downloadAnswer(
  kind: keyof typeof TYPES,
  fileName: string,
): { type: string; headers: Record<string, string> } {
  return {
    type: TYPES[kind],
    headers: {
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'private, no-store',
    },
  };
}

/**
 * Answers a file to download. Errors before this point answer the JSON envelope, which the web client reads
 * from a blob response (spec §8).
 */
export function sendDownload(
  reply: FastifyReply,
  file: { kind: keyof typeof TYPES; fileName: string; bytes: Buffer | Uint8Array | string },
): FastifyReply {
  const answer = downloadAnswer(file.kind, file.fileName);
  return reply.header('content-type', answer.type).headers(answer.headers).send(file.bytes);
}
