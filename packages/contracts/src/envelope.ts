import { z } from 'zod';
import { Limits } from './constants.js';
import { Msg } from './messages.js';

/** The response envelope every JSON answer uses. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A paged answer: `data: {rows, total}`. */
export function paged<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int().nonnegative() });
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

/** Paging query: pageNum from 1, pageSize 1 to 999 (default 10). */
export const pageQuery = z.object({
  pageNum: z.coerce
    .number({ error: Msg.PAGE_NUM_RANGE })
    .int({ error: Msg.PAGE_NUM_RANGE })
    .min(1, { error: Msg.PAGE_NUM_RANGE })
    .default(1),
  pageSize: z.coerce
    .number({ error: Msg.PAGE_SIZE_RANGE })
    .int({ error: Msg.PAGE_SIZE_RANGE })
    .min(Limits.PAGE_SIZE_MIN, { error: Msg.PAGE_SIZE_RANGE })
    .max(Limits.PAGE_SIZE_MAX, { error: Msg.PAGE_SIZE_RANGE })
    .default(Limits.PAGE_SIZE_DEFAULT),
});

export type PageQuery = z.infer<typeof pageQuery>;

export const emptyData = z.null();
