import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { Msg } from './messages.js';

/**
 * The teacher's question bank (spec §7 Question bank, issue 17): groups (a folder tree per teacher) and
 * questions of five types. Homework and teaching activities keep a `QuestionSnapshot` of each question at
 * release time, so a later edit (which bumps the bank question's `version`) never changes released work.
 */

/** Messages of the question bank (ours: the spec shows none). */
export const QuestionMsg = {
  NOT_TEACHER: '仅教师可使用题库',
  GROUP_NAME_REQUIRED: '请输入分组名称',
  GROUP_NAME_MAX: '分组名称不能超过30个字',
  GROUP_UNKNOWN: '所选分组不存在',
  GROUP_INTO_ITSELF: '不能将分组移动到它自己或它的子分组下',
  GROUP_TOO_DEEP: '分组最多5层',
  GROUP_TOO_MANY: '分组数量已达上限（200个）',
  GROUP_HAS_QUESTIONS: (count: number) => `该分组（含子分组）下有${count}道题目，请选择将题目移动到其他分组或一并删除`,
  GROUP_MOVE_TARGET_INSIDE: '题目不能移动到将被删除的分组中',
  TYPE_REQUIRED: '请选择题型',
  STEM_REQUIRED: '请输入题干',
  STEM_MAX: '题干内容过长',
  OPTION_REQUIRED: '选项内容不能为空',
  OPTION_MAX: '选项内容过长',
  OPTIONS_COUNT: '选择题须有2到10个选项',
  OPTION_KEYS: '选项须依次编号为A、B、C……',
  ANSWER_REQUIRED: '请设置正确答案',
  ANSWER_SINGLE: '单选题须选择一个正确选项',
  ANSWER_MULTIPLE: '多选题须至少选择两个正确选项',
  ANSWER_UNKNOWN_OPTION: '正确答案须是已有的选项',
  ANSWER_JUDGE: '判断题答案须为正确或错误',
  BLANKS_COUNT: '填空题须有1到20个空',
  BLANK_ANSWER_REQUIRED: '每个空至少填写一个答案',
  BLANK_ANSWER_MAX: '每个空的答案不能超过100个字，最多10个备选答案',
  ANALYSIS_MAX: '解析内容过长',
  REFERENCE_MAX: '参考答案内容过长',
  DIFFICULTY_RANGE: '难度须为1到5之间的整数',
  TAGS_MAX: '最多10个标签，每个不超过20个字',
  KEYWORD_MAX: '搜索内容不能超过50个字',
  SECTION_NEEDS_BOOK: '选择章节前请先选择教材',
  SECTION_UNKNOWN: '所选章节不属于该教材',
  BOOK_NOT_TEACHABLE: '您暂无该教材的使用权限',
  QUESTION_UNKNOWN: '题目不存在或已删除',
  NOT_YOURS: '只能使用自己题库中的题目',
  DRAW_SHORT: (want: number, have: number) => `该分组下符合条件的题目只有${have}道，不足${want}道`,
  DRAW_COUNT: '抽题数量须为1到100之间的整数',
  // import / export
  IMPORT_FILE: '请上传题目导入模板（.xlsx）',
  IMPORT_EMPTY: '导入文件中没有题目',
  IMPORT_TOO_MANY: '一次最多导入1000道题目',
  IMPORT_TOO_LARGE: '文件不能超过4MB',
  IMPORT_BAD_TYPE: '题型须为单选题、多选题、判断题、填空题或简答题',
  IMPORT_BAD_ANSWER: '答案格式不正确',
  IMPORT_HEADER: '文件不是题目导入模板，请下载模板后填写',
  IMPORT_OPTIONS_GAP: '选项须从选项A起依次填写，中间不能空缺',
  IMPORT_NO_OPTIONS: '该题型不填写选项',
  IMPORT_BLANK_COUNT: (marks: number, answers: number) => `题干中有${marks}个空，答案却有${answers}个`,
  IMPORT_GROUP_PATH: '分组名称不正确（多级用 / 分隔，每级不超过30个字）',
  IMPORT_DONE: (added: number, refused: number, examples = 0) =>
    `导入完成：成功${added}道，失败${refused}道${examples ? `，跳过模板示例${examples}道` : ''}`,
  IMPORT_NOTHING_WRITTEN: '没有题目通过检查，本次未导入任何题目，请按每行的原因修改后重新导入',
  IMPORT_ONLY_EXAMPLES: '文件中只有模板的示例题目，请在示例下方填写您自己的题目（示例行不会导入）',
  IMPORT_EXAMPLE_ROW: '模板中的示例题目，不导入',
  NOTHING_TO_EXPORT: '没有可导出的题目',
  // grading labels
  TRUE: '正确',
  FALSE: '错误',
  UNGROUPED: '未分组',
} as const;

/** Question types: single choice, multiple choice, true/false, fill in the blanks, short answer. */
export const QuestionType = {
  SINGLE: 'single',
  MULTIPLE: 'multiple',
  JUDGE: 'judge',
  BLANK: 'blank',
  SHORT: 'short',
} as const;
export type QuestionTypeCode = (typeof QuestionType)[keyof typeof QuestionType];
export const QUESTION_TYPES = Object.values(QuestionType) as [QuestionTypeCode, ...QuestionTypeCode[]];

export const QUESTION_TYPE_LABEL: Record<QuestionTypeCode, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  blank: '填空题',
  short: '简答题',
};

export const DIFFICULTY_LABEL: Record<number, string> = { 1: '容易', 2: '较易', 3: '中等', 4: '较难', 5: '困难' };

export const QuestionLimits = {
  GROUP_NAME_MAX: 30,
  GROUP_DEPTH_MAX: 5,
  GROUPS_MAX: 200,
  /** Rich-text sizes (HTML characters after sanitizing). */
  STEM_MAX: 20_000,
  OPTION_MAX: 5_000,
  ANALYSIS_MAX: 20_000,
  OPTIONS_MIN: 2,
  OPTIONS_MAX: 10,
  BLANKS_MAX: 20,
  BLANK_ALTERNATIVES_MAX: 10,
  BLANK_ANSWER_MAX: 100,
  TAGS_MAX: 10,
  TAG_MAX: 20,
  IMPORT_ROWS_MAX: 1000,
  IMPORT_MAX_MB: 4,
  DRAW_MAX: 100,
} as const;

/** Option keys in order: A, B, C … */
export const OPTION_KEYS = 'ABCDEFGHIJ'.split('');

/**
 * The stored correct answer (`answer`), per type:
 * - single:   `"B"` — the key of the one correct option
 * - multiple: `["A","C"]` — the keys of every correct option (two or more), in key order
 * - judge:    `true` (正确) or `false` (错误)
 * - blank:    `[["北京","Beijing"],["1949"]]` — per blank (in the order the blanks appear in the stem),
 *             the accepted answers; a student's blank matches when it equals one of them after trimming,
 *             full-width → half-width folding and ignoring letter case
 * - short:    `"<p>…</p>"` — the reference answer (rich text) shown to the teacher while grading
 *
 * A student's answer (`StudentAnswer`, what `gradeAnswer` takes), per type:
 * - single: `"B"` · multiple: `["A","C"]` · judge: `true`/`false` · blank: `["北京","1949"]` (one string per
 *   blank) · short: `"<p>…</p>"` or plain text
 * Anything of another shape counts as unanswered (0 points).
 *
 * `options` is `[{ key: "A", html: "…" }, …]` for single and multiple, `[]` for the other types.
 */
export type QuestionAnswer = string | string[] | boolean | string[][];
export type StudentAnswer = string | string[] | boolean | null | undefined;

export interface QuestionOption {
  key: string;
  html: string;
}

/** What released homework and activities keep of a question: later edits of the bank never change it. */
export interface QuestionSnapshot {
  id: number;
  version: number;
  type: QuestionTypeCode;
  stem: string;
  options: QuestionOption[];
  answer: QuestionAnswer;
  analysis: string;
}

export const questionOption = z.object({
  key: z.string({ error: QuestionMsg.OPTION_KEYS }).regex(/^[A-J]$/, { error: QuestionMsg.OPTION_KEYS }),
  html: z
    .string({ error: QuestionMsg.OPTION_REQUIRED })
    .trim()
    .min(1, { error: QuestionMsg.OPTION_REQUIRED })
    .max(QuestionLimits.OPTION_MAX, { error: QuestionMsg.OPTION_MAX }),
});

export const questionSnapshot = z.object({
  id: z.number().int(),
  version: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), html: z.string() })),
  answer: z.union([z.string(), z.boolean(), z.array(z.string()), z.array(z.array(z.string()))]),
  analysis: z.string(),
});

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST })
  .max(Number.MAX_SAFE_INTEGER, { error: Msg.BAD_REQUEST });

/** An id or nothing: null, '' and absent all mean "none" (the root, no book, no section). */
const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());

export const questionIdParams = z.object({ id });

// ---------- groups ----------

const groupName = z
  .string({ error: QuestionMsg.GROUP_NAME_REQUIRED })
  .trim()
  .min(1, { error: QuestionMsg.GROUP_NAME_REQUIRED })
  .max(QuestionLimits.GROUP_NAME_MAX, { error: QuestionMsg.GROUP_NAME_MAX });

/** A group and its children (getTree), with the count of its own questions and of its subtree. */
export interface QuestionGroupNode {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  count: number;
  total: number;
  children: QuestionGroupNode[];
}
export const questionGroupNode: z.ZodType<QuestionGroupNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    sort: z.number().int(),
    count: z.number().int(),
    total: z.number().int(),
    children: z.array(questionGroupNode),
  }),
);

/** GET /api/myQuestionGroup/getTree: the tree and the number of questions in no group. */
export const questionGroupTree = z.object({ groups: z.array(questionGroupNode), ungrouped: z.number().int() });
export type QuestionGroupTree = z.infer<typeof questionGroupTree>;

export const questionGroupSave = z.object({ name: groupName, parentId: optionalId.optional() });
export const questionGroupModify = z.object({ id, name: groupName });
/** Move a group under `parentId` (null: the top level) at `position` (0-based among its new siblings). */
export const questionGroupMove = z.object({
  id,
  parentId: optionalId.optional(),
  position: z.coerce.number({ error: Msg.BAD_REQUEST }).int({ error: Msg.BAD_REQUEST }).min(0).max(10_000),
});
/**
 * DELETE /api/myQuestionGroup/delete/{id}?questions=…: what becomes of the questions in the group and its
 * subgroups — `move` (to `targetId`, or to the parent when no target is given; null parent = ungrouped) or
 * `delete`. Without a choice a group holding questions is refused with GROUP_HAS_QUESTIONS.
 */
export const questionGroupDeleteQuery = z.object({
  questions: z.enum(['move', 'delete'], { error: Msg.BAD_REQUEST }).optional(),
  targetId: optionalId.optional(),
});
export const questionGroupRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
});
export type QuestionGroupRow = z.infer<typeof questionGroupRow>;

// ---------- questions ----------

const richStem = z
  .string({ error: QuestionMsg.STEM_REQUIRED })
  .trim()
  .min(1, { error: QuestionMsg.STEM_REQUIRED })
  .max(QuestionLimits.STEM_MAX, { error: QuestionMsg.STEM_MAX });
const analysis = z
  .string({ error: QuestionMsg.ANALYSIS_MAX })
  .max(QuestionLimits.ANALYSIS_MAX, { error: QuestionMsg.ANALYSIS_MAX })
  .default('');
const difficulty = z.coerce
  .number({ error: QuestionMsg.DIFFICULTY_RANGE })
  .int({ error: QuestionMsg.DIFFICULTY_RANGE })
  .min(1, { error: QuestionMsg.DIFFICULTY_RANGE })
  .max(5, { error: QuestionMsg.DIFFICULTY_RANGE })
  .default(3);
const tags = z
  .array(
    z
      .string({ error: QuestionMsg.TAGS_MAX })
      .trim()
      .min(1, { error: QuestionMsg.TAGS_MAX })
      .max(QuestionLimits.TAG_MAX, { error: QuestionMsg.TAGS_MAX }),
    { error: QuestionMsg.TAGS_MAX },
  )
  .max(QuestionLimits.TAGS_MAX, { error: QuestionMsg.TAGS_MAX })
  .default([]);
const blankAnswer = z
  .string({ error: QuestionMsg.BLANK_ANSWER_REQUIRED })
  .trim()
  .min(1, { error: QuestionMsg.BLANK_ANSWER_REQUIRED })
  .max(QuestionLimits.BLANK_ANSWER_MAX, { error: QuestionMsg.BLANK_ANSWER_MAX });

/** The fields every question has (the answer's shape depends on the type, see `QuestionAnswer`). */
const questionFields = {
  groupId: optionalId.optional(),
  stem: richStem,
  analysis,
  difficulty,
  tags,
  bookId: optionalId.optional(),
  sectionId: optionalId.optional(),
};

const choiceOptions = z
  .array(questionOption, { error: QuestionMsg.OPTIONS_COUNT })
  .min(QuestionLimits.OPTIONS_MIN, { error: QuestionMsg.OPTIONS_COUNT })
  .max(QuestionLimits.OPTIONS_MAX, { error: QuestionMsg.OPTIONS_COUNT })
  .refine((list) => list.every((o, i) => o.key === OPTION_KEYS[i]), { error: QuestionMsg.OPTION_KEYS });
const noOptions = z.array(questionOption).max(0, { error: Msg.BAD_REQUEST }).default([]);

const singleQuestion = z.object({
  type: z.literal('single'),
  options: choiceOptions,
  answer: z.string({ error: QuestionMsg.ANSWER_SINGLE }).regex(/^[A-J]$/, { error: QuestionMsg.ANSWER_SINGLE }),
  ...questionFields,
});
const multipleQuestion = z.object({
  type: z.literal('multiple'),
  options: choiceOptions,
  answer: z
    .array(z.string({ error: QuestionMsg.ANSWER_MULTIPLE }).regex(/^[A-J]$/, { error: QuestionMsg.ANSWER_MULTIPLE }), {
      error: QuestionMsg.ANSWER_MULTIPLE,
    })
    .min(2, { error: QuestionMsg.ANSWER_MULTIPLE })
    .max(10, { error: QuestionMsg.ANSWER_MULTIPLE })
    .refine((keys) => new Set(keys).size === keys.length, { error: QuestionMsg.ANSWER_MULTIPLE }),
  ...questionFields,
});
const judgeQuestion = z.object({
  type: z.literal('judge'),
  options: noOptions,
  answer: z.boolean({ error: QuestionMsg.ANSWER_JUDGE }),
  ...questionFields,
});
const blankQuestion = z.object({
  type: z.literal('blank'),
  options: noOptions,
  answer: z
    .array(
      z
        .array(blankAnswer, { error: QuestionMsg.BLANK_ANSWER_REQUIRED })
        .min(1, { error: QuestionMsg.BLANK_ANSWER_REQUIRED })
        .max(QuestionLimits.BLANK_ALTERNATIVES_MAX, { error: QuestionMsg.BLANK_ANSWER_MAX }),
      { error: QuestionMsg.BLANKS_COUNT },
    )
    .min(1, { error: QuestionMsg.BLANKS_COUNT })
    .max(QuestionLimits.BLANKS_MAX, { error: QuestionMsg.BLANKS_COUNT }),
  ...questionFields,
});
const shortQuestion = z.object({
  type: z.literal('short'),
  options: noOptions,
  answer: z
    .string({ error: QuestionMsg.REFERENCE_MAX })
    .max(QuestionLimits.ANALYSIS_MAX, { error: QuestionMsg.REFERENCE_MAX })
    .default(''),
  ...questionFields,
});

/** A choice question's answer names its options. */
function answerNamesOptions(q: { type: string; options: { key: string }[]; answer: unknown }, ctx: z.RefinementCtx) {
  if (q.type !== 'single' && q.type !== 'multiple') return;
  const keys = Array.isArray(q.answer) ? q.answer : [q.answer];
  if (!keys.every((k) => q.options.some((o) => o.key === k))) {
    ctx.addIssue({ code: 'custom', message: QuestionMsg.ANSWER_UNKNOWN_OPTION, path: ['answer'] });
  }
}

/** POST /api/myQuestion/save: a question of one of the five types (answer shapes: see `QuestionAnswer`). */
export const questionSave = z
  .discriminatedUnion('type', [singleQuestion, multipleQuestion, judgeQuestion, blankQuestion, shortQuestion], {
    error: QuestionMsg.TYPE_REQUIRED,
  })
  .superRefine(answerNamesOptions);
export type QuestionSave = z.infer<typeof questionSave>;

/** POST /api/myQuestion/modify: the id and the whole question again (its version goes up by one). */
export const questionModify = z
  .discriminatedUnion(
    'type',
    [
      singleQuestion.extend({ id }),
      multipleQuestion.extend({ id }),
      judgeQuestion.extend({ id }),
      blankQuestion.extend({ id }),
      shortQuestion.extend({ id }),
    ],
    { error: QuestionMsg.TYPE_REQUIRED },
  )
  .superRefine(answerNamesOptions);
export type QuestionModify = z.infer<typeof questionModify>;

/** GET /api/myQuestion/getList: paged, filtered by group (with subgroups), type, difficulty, section, text. */
export const questionListQuery = pageQuery.extend({
  groupId: optionalId.optional(),
  /** Only the questions in no group. */
  ungrouped: z.enum(['0', '1'], { error: Msg.BAD_REQUEST }).optional(),
  type: z
    .enum(QUESTION_TYPES, { error: Msg.BAD_REQUEST })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  difficulty: z.coerce
    .number({ error: QuestionMsg.DIFFICULTY_RANGE })
    .int({ error: QuestionMsg.DIFFICULTY_RANGE })
    .min(1, { error: QuestionMsg.DIFFICULTY_RANGE })
    .max(5, { error: QuestionMsg.DIFFICULTY_RANGE })
    .optional(),
  bookId: optionalId.optional(),
  sectionId: optionalId.optional(),
  keyword: z.string({ error: QuestionMsg.KEYWORD_MAX }).trim().max(50, { error: QuestionMsg.KEYWORD_MAX }).optional(),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;

/** A question as the bank shows it. */
export const questionRow = z.object({
  id: z.number().int(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), html: z.string() })),
  answer: z.union([z.string(), z.boolean(), z.array(z.string()), z.array(z.array(z.string()))]),
  analysis: z.string(),
  difficulty: z.number().int(),
  tags: z.array(z.string()),
  bookId: z.number().int().nullable(),
  bookTitle: z.string().nullable(),
  sectionId: z.number().int().nullable(),
  sectionTitle: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type QuestionRow = z.infer<typeof questionRow>;

/** One row of an import: its spreadsheet row number and what became of it. */
export const questionImportRow = z.object({
  row: z.number().int(),
  /** `added` written; `refused` not, `reason` says why; `example` one of the template's example rows, left out. */
  result: z.enum(['added', 'refused', 'example']),
  reason: z.string(),
});
/** POST /api/myQuestion/import answer: the rows that pass are written, each other row reported with its reason. */
export const questionImportReport = z.object({
  added: z.number().int(),
  refused: z.number().int(),
  examples: z.number().int(),
  rows: z.array(questionImportRow),
});
export type QuestionImportReport = z.infer<typeof questionImportReport>;
/** How the import's report names each row's result. */
export const QUESTION_IMPORT_RESULT_LABEL = { added: '已导入', refused: '未通过', example: '示例，未导入' } as const;

/** The import template's columns, in order (the export writes the same columns, so an export imports again). */
export const QUESTION_SHEET_HEADERS = [
  '题型',
  '题干',
  '选项A',
  '选项B',
  '选项C',
  '选项D',
  '选项E',
  '选项F',
  '答案',
  '解析',
  '难度',
  '标签',
  '分组',
] as const;
export const QUESTION_SHEET_NAME = '题目';
export const QUESTION_SHEET_HELP = [
  '题型：单选题、多选题、判断题、填空题、简答题',
  '选择题：选项A至选项F填写选项内容（至少两项）；答案填选项字母，多选题如 AC',
  '判断题：答案填“正确”或“错误”',
  '填空题：题干中每个空写作 ____（至少三个下划线）或 ()；答案每空之间用 | 分隔，同一空的多个可接受答案用 / 分隔，如 北京/Beijing|1949',
  '简答题：答案填参考答案（可不填）',
  '难度：1到5（1容易，5困难），不填为3；标签用逗号分隔；分组填分组名称，多级用 / 分隔，不存在时自动创建',
  '公式可用 LaTeX 写在 $…$ 之间',
] as const;
export const QUESTION_TEMPLATE_NAME = '题目导入模板.xlsx';
export const QUESTION_EXPORT_NAME = '题库导出.xlsx';

/** Draw parameters (homework's random draw). */
export interface DrawRequest {
  groupId: number | null;
  type: QuestionTypeCode;
  count: number;
}

/** Folds full-width ASCII and the ideographic space to half-width, trims and lowercases: blanks compare so. */
export function foldAnswer(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
