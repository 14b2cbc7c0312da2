/**
 * The reader's page the server wrote for a visitor's free chapter (server/src/prerender/reader.ts): it stays over
 * the app's reader until that has painted the same chapter and gone where the visitor had scrolled, then goes.
 */
const ID = 'tb-server-page';

/** The server's scrolled text box when its page shows this chapter, else null. */
export function serverViewport(chapterId: number | null): Element | null {
  const page = document.getElementById(ID);
  if (!page || chapterId === null || page.dataset.chapter !== String(chapterId)) return null;
  // Hidden for a reader with a look of their own (index.html): nothing shown there to take over.
  if (document.documentElement.hasAttribute('data-reader-own-look')) return null;
  return page.querySelector('.reader-host')?.shadowRoot?.querySelector('.viewport') ?? null;
}

/** Takes the server's page away (the app's reader shows now). */
export function dropServerPage(): void {
  document.getElementById(ID)?.remove();
}
