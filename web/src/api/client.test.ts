import { describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER, Msg } from '@textbook/contracts';
import { ApiError, createApiClient, toQueryString, type ClientUi } from './client';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(
  respond: (url: string, init: RequestInit) => Promise<Response> | Response,
  extra: { timeoutMs?: number } = {},
) {
  const shown = { errors: [] as string[], notes: [] as string[], confirms: 0 };
  let answerConfirm: (yes: boolean) => void = () => {};
  const ui: ClientUi = {
    error: (m) => shown.errors.push(m),
    notify: (m) => shown.notes.push(m),
    confirmRelogin: () => {
      shown.confirms += 1;
      return new Promise((resolve) => (answerConfirm = resolve));
    },
  };
  const onRelogin = vi.fn();
  const calls: { url: string; init: RequestInit }[] = [];
  let clock = 0;
  const client = createApiClient({
    ui,
    getToken: () => 'tok',
    onRelogin,
    fetchImpl: async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return respond(String(url), init ?? {});
    },
    now: () => clock,
    ...extra,
  });
  return {
    client,
    shown,
    onRelogin,
    calls,
    answer: (yes: boolean) => answerConfirm(yes),
    tick: (ms: number) => (clock += ms),
  };
}

describe('API client (spec §8)', () => {
  it('sends the bearer token and GET params as a query string', async () => {
    const t = setup(() => json({ code: 200, msg: 'ok', data: [1] }));
    expect(await t.client.get('/api/x', { a: 1, b: '中', c: undefined })).toEqual([1]);
    expect(t.calls[0]?.url).toBe('/api/x?a=1&b=%E4%B8%AD');
    expect((t.calls[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('sends the client header (the CSRF proof of cookie writes) naming the session: member, or staff', async () => {
    const t = setup(() => json({ code: 200, msg: 'ok', data: null }));
    await t.client.post('/api/x', { a: 1 });
    expect((t.calls[0]?.init.headers as Record<string, string>)[CLIENT_HEADER]).toBe('member');
    const calls: RequestInit[] = [];
    const staff = createApiClient({
      ui: { error: () => {}, notify: () => {}, confirmRelogin: async () => false },
      session: 'staff',
      onRelogin: () => {},
      fetchImpl: async (_url, init) => {
        calls.push(init ?? {});
        return json({ code: 200, msg: 'ok', data: null });
      },
    });
    await staff.get('/api/admin/staff/me');
    expect((calls[0]?.headers as Record<string, string>)[CLIENT_HEADER]).toBe('staff');
    expect((calls[0]?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('shows one re-login confirm however many requests fail with 401 together', async () => {
    const t = setup(() => json({ code: 401, msg: Msg.UNAUTHORIZED, data: null }, 401));
    const results = await Promise.allSettled([t.client.get('/a'), t.client.get('/b'), t.client.get('/c')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(t.shown.confirms).toBe(1);
    t.answer(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(t.onRelogin).toHaveBeenCalledTimes(1);
    // once answered, a later 401 may ask again
    await t.client.get('/d').catch(() => {});
    expect(t.shown.confirms).toBe(2);
  });

  it('does not re-login when the user cancels', async () => {
    const t = setup(() => json({ code: 401, msg: '', data: null }, 401));
    await t.client.get('/a').catch(() => {});
    t.answer(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(t.onRelogin).not.toHaveBeenCalled();
  });

  it('shows the server message for code 500', async () => {
    const t = setup(() => json({ code: 500, msg: '请输入班级', data: null }, 400));
    await expect(t.client.post('/api/class/save', {})).rejects.toMatchObject({ code: 500, message: '请输入班级' });
    expect(t.shown.errors).toEqual(['请输入班级']);
  });

  it('passes 601, 501 and 502 to the caller without showing anything', async () => {
    for (const code of [601, 501, 502]) {
      const t = setup(() => json({ code, msg: '请切换至示范大学后使用。', data: { collegeId: 1 } }));
      const envelope = await t.client.request('GET', '/x');
      expect(envelope).toEqual({ code, msg: '请切换至示范大学后使用。', data: { collegeId: 1 } });
      const err = await t.client.get('/x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe(code);
      expect(t.shown.errors).toEqual([]);
      expect(t.shown.notes).toEqual([]);
    }
  });

  it('notifies other non-200 codes', async () => {
    const t = setup(() => json({ code: 403, msg: Msg.FORBIDDEN, data: null }, 403));
    await t.client.get('/x').catch(() => {});
    expect(t.shown.notes).toEqual([Msg.FORBIDDEN]);
  });

  it('reports transport failures with the spec texts', async () => {
    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await down.client.get('/x').catch(() => {});
    expect(down.shown.errors).toEqual([Msg.NETWORK]);

    const bad = setup(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await bad.client.get('/x').catch(() => {});
    expect(bad.shown.errors).toEqual(['系统接口502异常']);

    const slow = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      { timeoutMs: 20 },
    );
    await slow.client.get('/x').catch(() => {});
    expect(slow.shown.errors).toEqual([Msg.TIMEOUT]);
  });

  it('answers an identical submit repeated within the window with the first answer, sending nothing', async () => {
    const t = setup(() => json({ code: 200, msg: 'ok', data: { id: 7 } }));
    // A double click: the second press comes while the first is on its way, and again after it succeeded.
    const [one, two] = await Promise.all([
      t.client.post('/api/feedback', { text: 'a' }),
      t.client.post('/api/feedback', { text: 'a' }),
    ]);
    expect(two).toEqual(one);
    expect(await t.client.post('/api/feedback', { text: 'a' })).toEqual({ id: 7 });
    expect(t.calls.length).toBe(1);
    expect(t.shown.errors).toEqual([]);
    await t.client.post('/api/feedback', { text: 'b' });
    t.tick(2000);
    await t.client.post('/api/feedback', { text: 'a' });
    expect(t.calls.length).toBe(3);
    // background calls (silent) are not user submits
    await t.client.post('/api/router', { path: '/x' }, { silent: true });
    await t.client.post('/api/router', { path: '/x' }, { silent: true });
    expect(t.calls.length).toBe(5);
  });

  it('lets a submit whose first try failed be tried again at once, and shows that failure once', async () => {
    let answer = { code: 500, msg: '班级名称已存在', data: null };
    const t = setup(() => json(answer));
    await Promise.all([
      t.client.post('/api/class/save', { name: 'a' }).catch(() => 'failed'),
      t.client.post('/api/class/save', { name: 'a' }).catch(() => 'failed'),
    ]);
    expect(t.shown.errors).toEqual(['班级名称已存在']);
    answer = { code: 200, msg: 'ok', data: null };
    await t.client.post('/api/class/save', { name: 'a' });
    expect(t.calls.length).toBe(2);
  });

  it('downloads a blob, and shows the server message when the export fails', async () => {
    const ok = setup(
      () =>
        new Response('xlsx-bytes', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': "attachment; filename*=UTF-8''%E5%AD%A6%E7%94%9F.xlsx",
          },
        }),
    );
    const file = await ok.client.download('POST', '/api/class/student/export', { body: { classId: 1 } });
    expect(file.filename).toBe('学生.xlsx');
    expect(await file.blob.text()).toBe('xlsx-bytes');

    const failed = setup(() => json({ code: 500, msg: '班级不存在', data: null }, 404));
    await failed.client.download('POST', '/api/class/student/export').catch(() => {});
    expect(failed.shown.errors).toEqual(['班级不存在']);
  });

  it('builds query strings without empty values', () => {
    expect(toQueryString({ a: '', b: null, c: 0 })).toBe('?c=0');
    expect(toQueryString(undefined)).toBe('');
  });
});

describe('silent modes', () => {
  it("'toasts' hides toasts but still asks to log in again on 401; true hides both", async () => {
    const t = setup(() => json({ code: 401, msg: '', data: null }, 401));
    await t.client.get('/a', undefined, { silent: true }).catch(() => {});
    expect(t.shown.confirms).toBe(0);
    await t.client.get('/a', undefined, { silent: 'toasts' }).catch(() => {});
    expect(t.shown.confirms).toBe(1);
    const e = setup(() => json({ code: 500, msg: 'x', data: null }, 400));
    await e.client.get('/a', undefined, { silent: 'toasts' }).catch(() => {});
    expect(e.shown.errors).toEqual([]);
  });
});
