import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code, Msg, pageQuery } from '@textbook/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../../test/db.js';
import { conflict, refused, warning } from './errors.js';
import { jsonData, ok, serializeAnswer } from './envelope.js';

/** The error funnel, exercised through throwaway routes on the real app. */
describe('error funnel', async () => {
  const database = await createTestDatabase();
  const logged: string[] = [];
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDist: '/nonexistent', logLevel: 'error' };
  const app = await buildApp({
    config,
    database,
    extend: (a) => {
      const r = a.withTypeProvider<ZodTypeProvider>();
      r.get('/api/t/boom', async () => {
        throw new Error('SELECT secret FROM members');
      });
      r.get('/api/t/refused', async () => {
        throw refused('班级码有效期不得早于当前时间!');
      });
      r.get('/api/t/conflict', async () => {
        throw conflict('已存在');
      });
      r.get('/api/t/warning', async () => {
        throw warning('请先申请', { goApply: true });
      });
      r.get('/api/t/page', { schema: { querystring: pageQuery } }, async (req) => ok(req.query));
      r.post(
        '/api/t/body',
        { schema: { body: z.object({ name: z.string().min(1, { error: '请输入班级' }) }) } },
        async () => ok(null),
      );
    },
  });
  app.log.error = ((obj: unknown) => {
    logged.push(JSON.stringify(obj));
  }) as typeof app.log.error;
  await app.ready();

  it('hides an unknown error behind the generic message, with status 500', async () => {
    const res = await app.inject({ url: '/api/t/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: Code.REFUSED, msg: Msg.UNKNOWN, data: null });
    expect(res.body).not.toContain('SELECT');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers a refused rule with its exact message and 400, a conflict with 409', async () => {
    const res = await app.inject({ url: '/api/t/refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 500, msg: '班级码有效期不得早于当前时间!', data: null });
    expect((await app.inject({ url: '/api/t/conflict' })).statusCode).toBe(409);
  });

  it('passes a 601 warning with its data and HTTP 200', async () => {
    const res = await app.inject({ url: '/api/t/warning' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 601, msg: '请先申请', data: { goApply: true } });
  });

  it('uses the schema message of the contracts for a bad body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/t/body', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 500, msg: '请输入班级' });
  });

  it('pages default to 10 and refuse sizes outside 1 to 999 with a clear message', async () => {
    expect((await app.inject({ url: '/api/t/page' })).json().data).toEqual({ pageNum: 1, pageSize: 10 });
    expect((await app.inject({ url: '/api/t/page?pageNum=2&pageSize=999' })).json().data).toEqual({
      pageNum: 2,
      pageSize: 999,
    });
    for (const bad of ['pageSize=0', 'pageSize=1000', 'pageSize=abc', 'pageNum=0']) {
      const res = await app.inject({ url: `/api/t/page?${bad}` });
      expect(res.statusCode).toBe(400);
      expect([Msg.PAGE_SIZE_RANGE, Msg.PAGE_NUM_RANGE]).toContain(res.json().msg);
    }
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const res = await app.inject({ url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: Msg.NOT_FOUND, data: null });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/router',
      payload: { path: `/${'a'.repeat(5000)}` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 500, msg: Msg.TOO_LARGE });
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/site', '/api/navMenu/list', '/api/router']));
    await app.close();
    await database.drop();
  });
});

describe('serializeAnswer', () => {
  it('writes data already in JSON into the envelope, byte for byte what JSON.stringify would write', () => {
    const data = [{ id: 1, title: '第一章作业 "引号" \\ </script>', at: null }];
    const sent = serializeAnswer(ok(jsonData(data), '操作成功'));
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect(sent.toString()).toBe(JSON.stringify(ok(data)));
    expect(serializeAnswer(ok(data))).toBe(JSON.stringify(ok(data)));
    expect(serializeAnswer(null)).toBe('null');
  });
});
