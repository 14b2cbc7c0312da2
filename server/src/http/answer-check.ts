import { z } from 'zod';
import { Code } from '@textbook/contracts';
import { serializeAnswer } from './envelope.js';

/**
 * Answers checked against the route's declared schema (tests and development, `CHECK_ANSWERS`): the data of a
 * code-200 envelope must parse, and must carry no field the schema does not name. zod drops unknown keys when it
 * parses, so a query that selects a column too many (a phone, a hash) would leave unseen; here it is a fault.
 */
export class AnswerMismatch extends Error {
  constructor(
    readonly route: string,
    readonly problems: string[],
  ) {
    super(`answer of ${route} does not match its schema: ${problems.slice(0, 8).join('; ')}`);
    this.name = 'AnswerMismatch';
  }
}

/** Every mismatch seen by this process, for a suite that wants to fail on them at its end. */
export const answerMismatches: AnswerMismatch[] = [];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The paths of fields in `sent` that the schema dropped while parsing (`kept` is what parsing kept). */
export function extraFields(sent: Json, kept: unknown, path = 'data'): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return [];
    return sent.flatMap((item, i) => extraFields(item, kept[i], `${path}[${i}]`));
  }
  if (sent === null || typeof sent !== 'object') return [];
  if (kept === null || typeof kept !== 'object' || Array.isArray(kept)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in kept)) out.push(`${path}.${key}`);
    else out.push(...extraFields(value, (kept as Record<string, unknown>)[key], `${path}.${key}`));
  }
  return out;
}

/** What is wrong with an envelope against the route's envelope schema; empty when it is right. */
export function answerProblems(schema: z.ZodType, envelope: Json): string[] {
  const parsed = schema.safeParse(envelope);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return extraFields(envelope, parsed.data, '').map((p) => `${p.replace(/^\./, '')} is not in the schema`);
}

/** A serializer that checks each code-200 answer before it is sent, and throws (a fault: 500) when it is wrong. */
export function checkedSerializer(schema: unknown, route: string): (payload: unknown) => string | Buffer {
  if (!(schema instanceof z.ZodType)) return serializeAnswer;
  return (payload) => {
    const text = serializeAnswer(payload);
    const envelope = JSON.parse(text.toString()) as Json;
    if (envelope && typeof envelope === 'object' && !Array.isArray(envelope) && envelope.code === Code.OK) {
      const problems = answerProblems(schema, envelope);
      if (problems.length) {
        const mismatch = new AnswerMismatch(route, problems);
        answerMismatches.push(mismatch);
        // The test that made the request sees a 500; this line says why.
        console.error(mismatch.message);
        throw mismatch;
      }
    }
    return text;
  };
}
