import { z } from 'zod';
import { dictNode, dictQuery, subjectCondition } from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import { dictionary, subjectConditions } from '../catalog/index.js';

/** The dictionaries (subjects, collections) the header and filters show: public, read from the catalogue. */
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
  ],
});
