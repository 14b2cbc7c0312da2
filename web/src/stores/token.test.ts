import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, hasSession, hasStaffSession } from './token';

/** A stand-in for the page's cookie jar that counts how often it is read. */
function fakeCookies(initial: string) {
  const jar = { text: initial, reads: 0 };
  vi.stubGlobal('location', { protocol: 'http:' });
  vi.stubGlobal('document', {
    get cookie() {
      jar.reads += 1;
      return jar.text;
    },
    set cookie(value: string) {
      const name = value.split('=')[0];
      jar.text = jar.text
        .split('; ')
        .filter((c) => c && !c.startsWith(`${name}=`))
        .join('; ');
    },
  });
  return jar;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session markers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the cookies once for any number of questions in one run of script', async () => {
    const jar = fakeCookies('Book-Login=1; other=x');
    for (let i = 0; i < 50; i++) expect(hasSession()).toBe(true);
    expect(hasStaffSession()).toBe(false);
    expect(jar.reads).toBe(1);
    await nextTask();
  });

  it('sees a cookie the server set or cleared by the next task', async () => {
    const jar = fakeCookies('other=x');
    expect(hasSession()).toBe(false);
    jar.text = 'other=x; Book-Login=1';
    await nextTask();
    expect(hasSession()).toBe(true);
    jar.text = 'other=x';
    await nextTask();
    expect(hasSession()).toBe(false);
  });

  it('forgets the marker at once when the app clears it', async () => {
    fakeCookies('Book-Login=1');
    expect(hasSession()).toBe(true);
    clearSession();
    expect(hasSession()).toBe(false);
    await nextTask();
  });
});
