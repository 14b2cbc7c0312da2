import { z } from 'zod';
import {
  adminDictQuery,
  adminDictRow,
  dictCreateBody,
  dictNode,
  dictQuery,
  dictUpdateBody,
  paged,
  subjectCondition,
} from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import {
  adminDictPage,
  createDictEntry,
  deleteDictEntry,
  dictionary,
  dictSnapshot,
  subjectConditions,
  updateDictEntry,
} from '../catalog/index.js';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/**
 * The dictionaries (subjects, collections) the header and filters show: public, read from the catalogue; and
 * their management by the staff (`dict.manage`, the books menu) under /api/admin/dict.
 */
export const dictModule = defineModule({
  prefix: '/api',
  tag: 'books',
  routes: [
    route({
      method: 'GET',
      url: '/dict/data/hierarchical',
      summary: 'A hierarchical dictionary (book_subject or book_collection)',
      policy: 'book.browse',
      query: dictQuery,
      answer: z.array(dictNode),
      handler: ({ ctx, query }) => dictionary(ctx, query.dictType),
    }),
    route({
      method: 'GET',
      url: '/book/subjectSearch',
      summary: 'Search conditions of the header panel: subject (key 1) and collection (key 4)',
      policy: 'book.browse',
      answer: z.array(subjectCondition),
      handler: ({ ctx }) => subjectConditions(ctx),
    }),
    route({
      method: 'GET',
      url: '/admin/dict/page',
      summary: 'Staff: a page of top dictionary entries with their subtrees and book counts (keyword, sort)',
      policy: 'dict.manage',
      query: adminDictQuery,
      answer: paged(adminDictRow),
      handler: ({ ctx, query }) => adminDictPage(ctx, query),
    }),
    route({
      method: 'POST',
      url: '/admin/dict',
      summary: 'Staff: add a subject or collection (under a parent, or at the top)',
      policy: 'dict.manage',
      body: dictCreateBody,
      answer: z.object({ id: z.number().int() }),
      handler: async ({ ctx, body }) => ({ id: await createDictEntry(ctx, body) }),
    }),
    route({
      method: 'PUT',
      url: '/admin/dict/:id',
      summary: 'Staff: rename, move under another entry (nest) or reorder a subject or collection',
      policy: 'dict.manage',
      params: idParam,
      body: dictUpdateBody,
      answer: z.null(),
      audit: { before: ({ ctx, params }) => dictSnapshot(ctx, params.id) },
      handler: async ({ ctx, params, body }) => {
        await updateDictEntry(ctx, params.id, body);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: '/admin/dict/:id',
      summary: 'Staff: delete a subject or collection nothing uses (no entries below it, no books)',
      policy: 'dict.manage',
      params: idParam,
      answer: z.null(),
      audit: { before: ({ ctx, params }) => dictSnapshot(ctx, params.id) },
      handler: async ({ ctx, params }) => {
        await deleteDictEntry(ctx, params.id);
        return null;
      },
    }),
  ],
});
