import type { FastifyRequest } from 'fastify';
import { SheetLimits, SheetMsg } from '@textbook/contracts';
import type { SheetProblem } from '../adapters/workers/sheet-read.js';
import type { Actor } from './actor.js';
import type { AppContext } from './context.js';
import { rateLimited, refused, tooLarge } from './errors.js';
import { readUpload, type UploadRule } from './files.js';

export interface SheetUploadRule extends UploadRule {
  /** Cells kept of each row, from column A. */
  width: number;
  /** Rows with text after the header; a sheet with more is refused with `tooManyRows` (naming the limit). */
  maxRows: number;
  tooManyRows: string;
}

export interface SheetUpload {
  /** Row 1's cells, trimmed. */
  header: string[];
  /** The rows after the header that hold any text (row numbers as the spreadsheet shows them), cells trimmed. */
  rows: { row: number; cells: string[] }[];
}

const callerKey = (actor: Actor, request: FastifyRequest) =>
  actor.kind === 'member' ? `m${actor.memberId}` : actor.kind === 'staff' ? `s${actor.staffId}` : `ip${request.ip}`;

/**
 * Every spreadsheet upload goes through here (the member import, the question import): one at a time per caller
 * (`SheetLimits.PER_CALLER`, on this server: a second one meanwhile is refused at once, before its body is read),
 * the file under the rule's size, then read in the worker pool by the checked reader (`adapters/workers/
 * sheet-read.ts`: the zip's directory checked before anything is inflated, the sheet streamed with the row limit).
 * Each refusal names its limit; a file that is no spreadsheet gets the rule's `missing` message.
 */
export async function readSheetUpload(
  ctx: AppContext,
  request: FastifyRequest,
  rule: SheetUploadRule,
): Promise<SheetUpload> {
  const reading = ctx.local('sheets:reading', () => new Map<string, number>());
  const key = callerKey(request.actor, request);
  const now = reading.get(key) ?? 0;
  if (now >= SheetLimits.PER_CALLER) throw rateLimited(SheetMsg.ONE_AT_A_TIME);
  reading.set(key, now + 1);
  try {
    const file = await readUpload(request, rule);
    const read = await ctx.workers.run('sheetRead', {
      bytes: new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
      width: rule.width,
      maxRows: rule.maxRows,
    });
    if (!read.ok) throw refusalOf(read.problem, rule);
    return { header: read.header, rows: read.rows };
  } finally {
    const left = (reading.get(key) ?? 1) - 1;
    if (left > 0) reading.set(key, left);
    else reading.delete(key);
  }
}

function refusalOf(problem: SheetProblem, rule: SheetUploadRule) {
  switch (problem) {
    case 'tooManyRows':
      return tooLarge(rule.tooManyRows);
    case 'tooManyEntries':
      return tooLarge(SheetMsg.TOO_MANY_PARTS);
    case 'tooLarge':
    case 'entryTooLarge':
      return tooLarge(SheetMsg.TOO_LARGE);
    case 'ratio':
      return tooLarge(SheetMsg.BOMB);
    case 'damaged':
      return refused(SheetMsg.NOT_XLSX);
    default:
      // Not a zip, empty, split, another compression, a name that climbs out, no sheet: not a spreadsheet.
      return refused(rule.missing);
  }
}
