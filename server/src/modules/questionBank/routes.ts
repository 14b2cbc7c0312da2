import { z } from 'zod';
import {
  paged,
  questionGroupDeleteQuery,
  questionGroupModify,
  questionGroupMove,
  questionGroupRow,
  questionGroupSave,
  questionGroupTree,
  questionIdParams,
  questionImportReport,
  questionListQuery,
  questionModify,
  questionRow,
  questionSave,
  QuestionLimits,
  QuestionMsg,
} from '@textbook/contracts';
import { sendDownload } from '../../http/files.js';
import { readSheetUpload } from '../../http/sheet-upload.js';
import { defineModule, HEAVY, route, say } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import * as sheets from './sheets.js';
import * as bank from './service.js';

/**
 * The teacher's question groups (spec §7 Question bank): a folder tree per teacher. A route about one group
 * loads it and is `question.manage` (its owner only) behind the `question.bank` gate (a teacher).
 */
export const questionGroupModule = defineModule({
  prefix: '/api/myQuestionGroup',
  tag: 'questionBank',
  routes: [
    route({
      method: 'GET',
      url: '/getTree',
      summary: "The teacher's group tree with question counts (own and with subgroups), and the ungrouped count",
      policy: 'question.bank',
      answer: questionGroupTree,
      handler: ({ ctx, actor }) => bank.groupTree(ctx, asMember(actor)),
    }),
    route({
      method: 'POST',
      url: '/save',
      summary: 'A new group at the top level or under one of the teacher’s groups (last among its siblings)',
      policy: 'question.bank',
      body: questionGroupSave,
      answer: questionGroupRow,
      handler: ({ ctx, actor, body }) => bank.createGroup(ctx, asMember(actor), body),
    }),
    route({
      method: 'POST',
      url: '/modify',
      summary: 'Rename a group',
      policy: 'question.manage',
      gate: 'question.bank',
      body: questionGroupModify,
      answer: questionGroupRow,
      load: ({ ctx, body }) => bank.loadGroup(ctx, body.id),
      handler: ({ ctx, thing, body }) => bank.renameGroup(ctx, thing, body.name),
    }),
    route({
      method: 'POST',
      url: '/move',
      summary: 'Move a group under another (or to the top level) at a position among its siblings (drag and drop)',
      policy: 'question.manage',
      gate: 'question.bank',
      body: questionGroupMove,
      answer: questionGroupRow,
      transaction: true,
      load: ({ ctx, body }) => bank.loadGroup(ctx, body.id),
      handler: ({ ctx, thing, body }) => bank.moveGroup(ctx, thing, body),
    }),
    route({
      method: 'DELETE',
      url: '/delete/:id',
      summary:
        'Delete a group and its subgroups; with questions in them, questions=move (targetId, else the parent) ' +
        'or questions=delete must be chosen',
      policy: 'question.manage',
      gate: 'question.bank',
      params: questionIdParams,
      query: questionGroupDeleteQuery,
      answer: z.object({ moved: z.number().int(), deleted: z.number().int() }),
      transaction: true,
      load: ({ ctx, params }) => bank.loadGroup(ctx, params.id),
      handler: ({ ctx, thing, query }) => bank.deleteGroup(ctx, thing, query),
    }),
  ],
});

/** The teacher's questions: list, one, new, edit (a new version), delete (marked), template, import, export. */
export const questionModule = defineModule({
  prefix: '/api/myQuestion',
  tag: 'questionBank',
  routes: [
    route({
      method: 'GET',
      url: '/getList',
      summary: 'The teacher’s questions, newest first: by group (with subgroups), type, difficulty, book section, text',
      policy: 'question.bank',
      query: questionListQuery,
      answer: paged(questionRow),
      handler: ({ ctx, actor, query }) => bank.listQuestions(ctx, asMember(actor), query),
    }),
    route({
      method: 'GET',
      url: '/detail/:id',
      summary: 'One question of the teacher’s bank',
      policy: 'question.manage',
      gate: 'question.bank',
      params: questionIdParams,
      answer: questionRow,
      load: ({ ctx, params }) => bank.loadQuestion(ctx, params.id),
      handler: ({ ctx, actor, thing }) => bank.questionDetail(ctx, asMember(actor), thing),
    }),
    route({
      method: 'POST',
      url: '/save',
      summary: 'A new question (rich text sanitized; the answer’s shape by type, see contracts QuestionAnswer)',
      policy: 'question.bank',
      body: questionSave,
      answer: questionRow,
      handler: ({ ctx, actor, body }) => bank.saveQuestion(ctx, asMember(actor), body),
    }),
    route({
      method: 'POST',
      url: '/modify',
      summary: 'Rewrite a question; its version goes up (released homework keeps the version it took)',
      policy: 'question.manage',
      gate: 'question.bank',
      body: questionModify,
      answer: questionRow,
      load: ({ ctx, body }) => bank.loadQuestion(ctx, body.id),
      handler: ({ ctx, actor, thing, body }) => bank.modifyQuestion(ctx, asMember(actor), thing, body),
    }),
    route({
      method: 'DELETE',
      url: '/delete/:id',
      summary: 'Delete a question (marked; released homework keeps its snapshot)',
      policy: 'question.manage',
      gate: 'question.bank',
      params: questionIdParams,
      answer: z.null(),
      load: ({ ctx, params }) => bank.loadQuestion(ctx, params.id),
      handler: async ({ ctx, thing }) => {
        await bank.deleteQuestion(ctx, thing);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/template',
      summary: 'The xlsx import template: one row per question, an example of each type, and a sheet of rules',
      policy: 'question.bank',
      rateLimit: HEAVY,
      handler: async ({ ctx, reply }) => sendDownload(reply, await sheets.template(ctx)),
    }),
    route({
      method: 'POST',
      url: '/import',
      summary: 'Import questions from the template (multipart "file"): the good rows, a report for every row',
      policy: 'question.bank',
      rateLimit: HEAVY,
      upload: true,
      answer: questionImportReport,
      handler: async ({ ctx, actor, request }) => {
        const sheet = await readSheetUpload(ctx, request, {
          maxBytes: QuestionLimits.IMPORT_MAX_MB * 1024 * 1024,
          missing: QuestionMsg.IMPORT_FILE,
          tooLarge: QuestionMsg.IMPORT_TOO_LARGE,
          width: sheets.IMPORT_WIDTH,
          maxRows: QuestionLimits.IMPORT_ROWS_MAX,
          tooManyRows: QuestionMsg.IMPORT_TOO_MANY,
        });
        const { message, report } = await sheets.importQuestions(ctx, asMember(actor), sheet);
        return say(message, report);
      },
    }),
    route({
      method: 'GET',
      url: '/export',
      summary: 'The questions matching the list’s filters as an xlsx in the template’s columns',
      policy: 'question.bank',
      rateLimit: HEAVY,
      query: questionListQuery.omit({ pageNum: true, pageSize: true }),
      handler: async ({ ctx, actor, query, reply }) =>
        sendDownload(reply, await sheets.exportQuestions(ctx, asMember(actor), query)),
    }),
  ],
});
