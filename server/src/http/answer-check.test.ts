import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@textbook/contracts';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../../test/db.js';
import { answerProblems, extraFields } from './answer-check.js';
import { jsonData, ok } from './envelope.js';
import { warning } from './errors.js';

const row = z.object({ id: z.number(), name: z.string() });

describe('answer check', async () => {
  const database = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDist: '/nonexistent', logLevel: 'silent' };
  const app = await buildApp({
    config,
    database,
    extend: (a) => {
      const r = a.withTypeProvider<ZodTypeProvider>();
      const schema = { response: { 200: envelope(z.array(row)) } };
      r.get('/api/t/right', { schema }, async () => ok([{ id: 1, name: '甲' }]));
      // A query that selected one column too many: the schema would have dropped it silently.
      r.get('/api/t/leaks', { schema }, async () => ok([{ id: 1, name: '甲', phone: '13800000000' }] as never));
      r.get('/api/t/leaks-bytes', { schema }, async () => ok(jsonData([{ id: 1, name: '甲', pwd: 'x' }]) as never));
      r.get('/api/t/wrong-type', { schema }, async () => ok([{ id: '1', name: '甲' }] as never));
      r.get('/api/t/warning', { schema }, async () => {
        throw warning('请先申请', { goApply: true });
      });
    },
  });
  await app.ready();

  it('sends an answer that matches its schema', async () => {
    const res = await app.inject({ url: '/api/t/right' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: 1, name: '甲' }]);
  });

  it('refuses a field the schema does not name, also in bytes written ahead, and a wrong type', async () => {
    for (const url of ['/api/t/leaks', '/api/t/leaks-bytes', '/api/t/wrong-type']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(500);
      expect(res.body).not.toContain('13800000000');
    }
  });

  it('leaves other envelopes (warnings, refusals) alone', async () => {
    const res = await app.inject({ url: '/api/t/warning' });
    expect(res.json().code).toBe(601);
  });

  it('names the paths of the extra fields', () => {
    expect(extraFields({ a: 1, b: [{ c: 1, d: 2 }] }, { a: 1, b: [{ c: 1 }] })).toEqual(['data.b[0].d']);
    expect(answerProblems(envelope(row), { code: 200, msg: 'ok', data: { id: 1, name: 'x', hash: 'h' } })).toEqual([
      'data.hash is not in the schema',
    ]);
  });

  it('is on in tests and never in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).checkAnswers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', CHECK_ANSWERS: '1' }).checkAnswers).toBe(false);
  });
});
