import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER } from '@textbook/contracts';
import { guardLoader, sitePath } from './guard';

/** What the guard needs of a browser: cookies, this tab's storage, fetch. */
function fakeBrowser(cookie = '') {
  const storage = new Map<string, string>();
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('document', { cookie });
  vi.stubGlobal('location', { protocol: 'http:', origin: 'http://books.test', assign: vi.fn() });
  vi.stubGlobal('window', { location: globalThis.location });
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ code: 200, msg: '', data: { id: 7, name: '张三' } }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return { storage, calls };
}

/** Runs the guard on an address; answers where it redirects (null when the page may render). */
async function guard(href: string): Promise<string | null> {
  try {
    const result = await guardLoader({ request: new Request(href), params: {}, context: undefined } as never);
    return result ? (result.headers.get('location') ?? 'response') : null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
}

describe('sitePath', () => {
  it('keeps an address on the site whatever its path starts with', () => {
    const cases: [string, string][] = [
      ['http://books.test//evil.example/x?y=1#z', '/evil.example/x?y=1#z'],
      ['http://books.test/\\/evil.example/x', '/evil.example/x'],
      ['http://books.test////evil.example', '/evil.example'],
      ['http://books.test/my/person?a=1', '/my/person?a=1'],
      ['http://books.test/', '/'],
    ];
    for (const [href, path] of cases) {
      const safe = sitePath(new URL(href));
      expect(safe, href).toBe(path);
      expect(new URL(safe, 'http://books.test/index').origin).toBe('http://books.test');
    }
  });
});

describe('the guard and addresses', () => {
  beforeEach(() => fakeBrowser());
  afterEach(() => vi.unstubAllGlobals());

  it('never redirects to a protocol-relative path (http://host//evil.example/x?token=1)', async () => {
    expect(await guard('http://books.test//evil.example/x?token=1')).toBe('/evil.example/x');
    expect(await guard('http://books.test//evil.example/x')).toBe('/evil.example/x');
    expect(await guard('http://books.test/textbook?token=abc&conditionKey=1')).toBe('/textbook?conditionKey=1');
  });

  it('takes no token from a link: nobody is logged in by it', async () => {
    const { calls } = fakeBrowser();
    await guard('http://books.test/index?token=someone-elses');
    expect(calls).toEqual([]);
  });

  it('takes the token of a single sign-on return this tab was sent to, once, through the server', async () => {
    const { storage, calls } = fakeBrowser();
    storage.set('sso-return-pending', String(Date.now()));
    expect(await guard('http://books.test/my/person?token=returned')).toBe('/my/person');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/sso/adopt');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ token: 'returned' });
    expect((calls[0]!.init.headers as Record<string, string>)[CLIENT_HEADER]).toBe('member');
    // The same address again (a reload, or a link made from it) is not taken a second time.
    await guard('http://books.test/my/person?token=returned');
    expect(calls).toHaveLength(1);
  });

  it('sends a visitor without the session marker from /my to /index', async () => {
    expect(await guard('http://books.test/my/person')).toBe('/index');
    expect(await guard('http://books.test/bookPreview?bookId=1&trial=1')).toBeNull();
  });
});
