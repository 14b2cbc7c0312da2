import {
  Msg,
  OPTION_KEYS,
  QUESTION_EXPORT_NAME,
  QUESTION_SHEET_HEADERS,
  QUESTION_SHEET_HELP,
  QUESTION_SHEET_NAME,
  QUESTION_TEMPLATE_NAME,
  QUESTION_TYPE_LABEL,
  QuestionLimits,
  QuestionMsg,
  questionSave,
  type QuestionImportReport,
  type QuestionListQuery,
  type QuestionOption,
  type QuestionTypeCode,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import type { SheetUpload } from '../../http/sheet-upload.js';
import { AppError, refused } from '../../http/errors.js';
import type { ExportFileLike } from './types.js';
import * as q from './queries.js';
import { BookCheck, filterOf, questionColumns, textOf } from './service.js';
import { parseJson } from './snapshots.js';

/** Columns the import reads (the template's). */
export const IMPORT_WIDTH = QUESTION_SHEET_HEADERS.length;
const OPTION_COLUMNS = 6;
const COLUMN_WIDTHS = [10, 50, 18, 18, 18, 18, 18, 18, 16, 30, 8, 16, 20];

const TYPE_WORDS: Record<string, QuestionTypeCode> = {
  ...Object.fromEntries(Object.entries(QUESTION_TYPE_LABEL).map(([code, label]) => [label, code as QuestionTypeCode])),
  单选: 'single',
  多选: 'multiple',
  判断: 'judge',
  填空: 'blank',
  简答: 'short',
  single: 'single',
  multiple: 'multiple',
  judge: 'judge',
  blank: 'blank',
  short: 'short',
};
const TRUE_WORDS = new Set(['正确', '对', '√', '✓', 't', 'true', '是', 'y', 'yes']);
const FALSE_WORDS = new Set(['错误', '错', '×', '✗', 'x', 'f', 'false', '否', 'n', 'no']);
/** A blank in a stem: three or more underscores, or empty brackets. */
const BLANK_MARK = /_{3,}|（\s*）|\(\s*\)/g;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A cell's text as rich text: a paragraph a line. */
export function textToHtml(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  return lines
    .filter((l, i) => l || (i > 0 && i < lines.length - 1))
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');
}

/** The answer cell for a type, as the template writes it. */
function answerCell(type: QuestionTypeCode, answer: unknown): string {
  if (type === 'single' && typeof answer === 'string') return answer;
  if (type === 'multiple' && Array.isArray(answer)) return answer.join('');
  if (type === 'judge') return answer === true ? QuestionMsg.TRUE : QuestionMsg.FALSE;
  if (type === 'blank' && Array.isArray(answer)) {
    return answer.map((alts) => (Array.isArray(alts) ? alts.join('/') : String(alts))).join('|');
  }
  if (type === 'short' && typeof answer === 'string') return textOf(answer);
  return '';
}

function parseAnswer(type: QuestionTypeCode, cell: string): unknown {
  const text = cell.trim();
  switch (type) {
    case 'single':
      return text.toUpperCase();
    case 'multiple':
      return text
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .split('');
    case 'judge': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      throw refused(QuestionMsg.ANSWER_JUDGE);
    }
    case 'blank':
      return text
        ? text.split('|').map((blank) =>
            blank
              .split('/')
              .map((a) => a.trim())
              .filter(Boolean),
          )
        : [];
    case 'short':
      return textToHtml(text);
  }
}

const EXAMPLES: string[][] = [
  [
    '单选题',
    '函数 $f(x)=x^2$ 在 $x=1$ 处的导数是',
    '1',
    '2',
    '3',
    '4',
    '',
    '',
    'B',
    "$f'(x)=2x$，故 $f'(1)=2$",
    '2',
    '导数',
    '第二章/2.1 导数',
  ],
  [
    '多选题',
    '下列函数中在 $\\mathbb{R}$ 上连续的有',
    '$\\sin x$',
    '$|x|$',
    '$\\frac{1}{x}$',
    '$e^x$',
    '',
    '',
    'ABD',
    '',
    '3',
    '连续',
    '第一章',
  ],
  ['判断题', '可导函数一定连续。', '', '', '', '', '', '', '正确', '', '1', '', '第二章'],
  [
    '填空题',
    '$\\lim_{x\\to 0}\\frac{\\sin x}{x}=$____，$e$ 约等于____（保留一位小数）',
    '',
    '',
    '',
    '',
    '',
    '',
    '1|2.7/2.72',
    '',
    '2',
    '极限',
    '第一章',
  ],
  [
    '简答题',
    '叙述罗尔定理。',
    '',
    '',
    '',
    '',
    '',
    '',
    "若 f 在 [a,b] 上连续、在 (a,b) 内可导且 f(a)=f(b)，则存在 ξ∈(a,b) 使 f'(ξ)=0。",
    '',
    '4',
    '中值定理',
    '',
  ],
];

function sheetsOf(rows: string[][]) {
  return {
    sheets: [
      {
        name: QUESTION_SHEET_NAME,
        columns: QUESTION_SHEET_HEADERS.map((header, i) => ({ header, width: COLUMN_WIDTHS[i] ?? 16 })),
        rows,
      },
      { name: '填写说明', columns: [{ header: '填写说明', width: 110 }], rows: QUESTION_SHEET_HELP.map((l) => [l]) },
    ],
  };
}

/** The import template: the columns, an example of each type, and a sheet of rules (written in the pool). */
export async function template(ctx: AppContext): Promise<ExportFileLike> {
  const bytes = await ctx.workers.run('questionSheetWrite', sheetsOf(EXAMPLES));
  return { kind: 'xlsx', fileName: QUESTION_TEMPLATE_NAME, bytes };
}

/** The questions matching the list's filters, in the template's columns (so an export imports again). */
export async function exportQuestions(
  ctx: AppContext,
  actor: MemberActor,
  query: Omit<QuestionListQuery, 'pageNum' | 'pageSize'>,
): Promise<ExportFileLike> {
  const filter = await filterOf(ctx, actor, query);
  const rows = await q.allQuestions(ctx.db, filter, 5000);
  if (rows.length === 0) throw refused(QuestionMsg.NOTHING_TO_EXPORT);
  const groups = (await q.groupsOf(ctx.db, actor.memberId)).map((g) => ({
    id: Number(g.id),
    parentId: g.parentId === null ? null : Number(g.parentId),
    name: g.name,
  }));
  const byId = new Map(groups.map((g) => [g.id, g]));
  const pathOf = (id: number | null): string => {
    const names: string[] = [];
    for (let at = id; at !== null && names.length < 10;) {
      const g = byId.get(at);
      if (!g) break;
      names.unshift(g.name);
      at = g.parentId;
    }
    return names.join('/');
  };
  const cells = rows.map((r) => {
    const type = r.type as QuestionTypeCode;
    const options = parseJson<QuestionOption[]>(r.optionsJson, []);
    return [
      QUESTION_TYPE_LABEL[type] ?? r.type,
      textOf(r.stem),
      ...Array.from({ length: OPTION_COLUMNS }, (_, i) => (options[i] ? textOf(options[i].html) : '')),
      answerCell(type, parseJson<unknown>(r.answerJson, '')),
      textOf(r.analysis),
      String(r.difficulty),
      parseJson<string[]>(r.tagsJson, []).join(','),
      pathOf(r.groupId === null ? null : Number(r.groupId)),
    ];
  });
  const bytes = await ctx.workers.run('questionSheetWrite', sheetsOf(cells));
  return { kind: 'xlsx', fileName: QUESTION_EXPORT_NAME, bytes };
}

interface GroupSlot {
  id: number;
  parentId: number | null;
  name: string;
}

/** Rows checked between two turns of the event loop (sanitizing is CPU work; other requests go in between). */
const ROWS_PER_TURN = 50;
const EXAMPLE_KEYS = new Set(EXAMPLES.map((cells) => cells.map((c) => c.trim()).join('\u0000')));

/**
 * Imports questions from the template (read and checked by the shared sheet reader). Every row is checked as a
 * question saved by hand would be (types, options, answers, rich text, groups by path, created when missing); the
 * rows that pass are written (in one transaction), every other row is reported with its reason. The
 * template's own example rows, left as they are, are not imported (reported as examples); a file of nothing else
 * is refused saying so.
 */
export async function importQuestions(ctx: AppContext, actor: MemberActor, sheet: SheetUpload) {
  const { header, rows: lines } = sheet;
  if (QUESTION_SHEET_HEADERS.some((h, i) => header[i] !== h)) throw refused(QuestionMsg.IMPORT_HEADER);
  if (lines.length === 0) throw refused(QuestionMsg.IMPORT_EMPTY);
  if (lines.every(({ cells }) => EXAMPLE_KEYS.has(cells.join('\u0000')))) {
    throw refused(QuestionMsg.IMPORT_ONLY_EXAMPLES);
  }

  const existing: GroupSlot[] = (await q.groupsOf(ctx.db, actor.memberId)).map((g) => ({
    id: Number(g.id),
    parentId: g.parentId === null ? null : Number(g.parentId),
    name: g.name,
  }));
  const slots = [...existing];
  let nextVirtual = -1;
  const depthOf = (id: number | null) => {
    let depth = 0;
    for (let at = id; at !== null && depth < 50; depth += 1) at = slots.find((s) => s.id === at)?.parentId ?? null;
    return depth;
  };
  /** The group of a path, made (virtually, negative id) when missing; written only if a question uses it. */
  const groupOf = (path: string): number | null => {
    if (!path) return null;
    const names = path.split('/').map((n) => n.trim());
    if (names.some((n) => !n || n.length > QuestionLimits.GROUP_NAME_MAX)) throw refused(QuestionMsg.IMPORT_GROUP_PATH);
    let parentId: number | null = null;
    for (const name of names) {
      let slot = slots.find((s) => s.parentId === parentId && s.name === name);
      if (!slot) {
        if (depthOf(parentId) + 1 > QuestionLimits.GROUP_DEPTH_MAX) throw refused(QuestionMsg.GROUP_TOO_DEEP);
        if (slots.length >= QuestionLimits.GROUPS_MAX) throw refused(QuestionMsg.GROUP_TOO_MANY);
        slot = { id: nextVirtual--, parentId, name };
        slots.push(slot);
      }
      parentId = slot.id;
    }
    return parentId;
  };

  const books = new BookCheck(ctx, actor);
  const report: QuestionImportReport['rows'] = [];
  const ready: { groupId: number | null; columns: Awaited<ReturnType<typeof questionColumns>> }[] = [];
  for (const [n, { row, cells }] of lines.entries()) {
    if (n > 0 && n % ROWS_PER_TURN === 0) await new Promise((done) => setImmediate(done));
    if (EXAMPLE_KEYS.has(cells.join('\u0000'))) {
      report.push({ row, result: 'example', reason: QuestionMsg.IMPORT_EXAMPLE_ROW });
      continue;
    }
    try {
      const [typeWord, stem, ...rest] = cells;
      const optionCells = rest.slice(0, OPTION_COLUMNS);
      const [answer, analysis, difficulty, tags, group] = rest.slice(OPTION_COLUMNS) as string[];
      const type = TYPE_WORDS[(typeWord ?? '').replace(/\s/g, '')];
      if (!type) throw refused(QuestionMsg.IMPORT_BAD_TYPE);
      const filled = optionCells.filter(Boolean).length;
      let options: QuestionOption[] = [];
      if (type === 'single' || type === 'multiple') {
        if (optionCells.slice(0, filled).some((c) => !c)) throw refused(QuestionMsg.IMPORT_OPTIONS_GAP);
        options = optionCells.slice(0, filled).map((c, i) => ({ key: OPTION_KEYS[i]!, html: textToHtml(c!) }));
      } else if (filled > 0) throw refused(QuestionMsg.IMPORT_NO_OPTIONS);
      const parsedAnswer = parseAnswer(type, answer ?? '');
      if (type === 'blank' && Array.isArray(parsedAnswer)) {
        const marks = (stem ?? '').match(BLANK_MARK)?.length ?? 0;
        if (marks > 0 && parsedAnswer.length > 0 && marks !== parsedAnswer.length) {
          throw refused(QuestionMsg.IMPORT_BLANK_COUNT(marks, parsedAnswer.length));
        }
      }
      const draft = questionSave.safeParse({
        type,
        stem: textToHtml(stem ?? ''),
        options,
        answer: parsedAnswer,
        analysis: textToHtml(analysis ?? ''),
        difficulty: difficulty ? difficulty : undefined,
        tags: (tags ?? '')
          .split(/[,，、;；]/)
          .map((t) => t.trim())
          .filter(Boolean),
      });
      if (!draft.success) {
        const message = draft.error.issues[0]?.message ?? '';
        throw refused(/[\u4e00-\u9fa5]/.test(message) ? message : Msg.BAD_REQUEST);
      }
      const columns = await questionColumns(
        draft.data,
        existing.map((g) => ({ ...g, sort: 0 })),
        books,
      );
      ready.push({ groupId: groupOf(group ?? ''), columns });
      report.push({ row, result: 'added', reason: '' });
    } catch (err) {
      report.push({ row, result: 'refused', reason: err instanceof AppError ? err.message : Msg.BAD_REQUEST });
    }
  }
  const counts = {
    added: ready.length,
    refused: report.filter((r) => r.result === 'refused').length,
    examples: report.filter((r) => r.result === 'example').length,
  };
  if (ready.length === 0) return { message: QuestionMsg.IMPORT_NOTHING_WRITTEN, report: { ...counts, rows: report } };
  const now = Date.now();
  // The groups made for this file that a written question lies in (or above one): each written once, parents first.
  const used = new Set<number>();
  for (const { groupId } of ready) {
    for (let at = groupId; at !== null && at < 0 && !used.has(at);) {
      used.add(at);
      at = slots.find((s) => s.id === at)?.parentId ?? null;
    }
  }
  // Written in one transaction of their own: the upload was read and checked outside it (a slow upload never
  // holds the database).
  await ctx.db.transaction().execute(async (trx) => {
    const realId = new Map<number, number>();
    for (const slot of slots.filter((s) => s.id < 0 && used.has(s.id))) {
      const parent = slot.parentId === null ? null : slot.parentId < 0 ? realId.get(slot.parentId)! : slot.parentId;
      realId.set(slot.id, (await q.insertGroup(trx, actor.memberId, parent, slot.name, now)).id);
    }
    for (const { groupId, columns } of ready) {
      const group_id = groupId === null ? null : groupId < 0 ? realId.get(groupId)! : groupId;
      await q.insertQuestion(trx, {
        ...columns,
        group_id,
        owner_id: actor.memberId,
        created_at: now,
        updated_at: now,
      });
    }
  });
  return {
    message: QuestionMsg.IMPORT_DONE(counts.added, counts.refused, counts.examples),
    report: { ...counts, rows: report },
  };
}
