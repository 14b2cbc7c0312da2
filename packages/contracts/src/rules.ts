import { z } from 'zod';
import { Limits } from './constants.js';
import { Msg } from './messages.js';

/** A display order typed by staff: an integer within ±Limits.SORT_MAX (the database keeps it in 4 bytes). */
export const sortOrder = z
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .min(-Limits.SORT_MAX, { error: Msg.BAD_REQUEST })
  .max(Limits.SORT_MAX, { error: Msg.BAD_REQUEST });

/** 11 digits, starting with 1 and a valid second digit (3 to 9). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const phoneSchema = z
  .string({ error: Msg.INCOMPLETE })
  .min(1, { error: Msg.INCOMPLETE })
  .regex(PHONE_PATTERN, { error: Msg.PHONE_FORMAT });

/** The first password rule a candidate breaks, or null when it is acceptable (spec §5). */
export function passwordProblem(password: string): string | null {
  if (password.length > Limits.PASSWORD_MAX) return Msg.PASSWORD_TOO_LONG;
  if (password.length < Limits.PASSWORD_MIN) return Msg.PASSWORD_TOO_SHORT;
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^\da-zA-Z]/];
  if (!classes.every((re) => re.test(password))) return Msg.PASSWORD_CLASSES;
  return null;
}

export const newPasswordSchema = z.string({ error: Msg.INCOMPLETE }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const searchTextSchema = z.string().trim().max(Limits.SEARCH_MAX);
