import type { AnyDb } from './helpers.js';

/**
 * Media overlays (issue 33): book_chapters.overlay holds the chapter's recorded narration as JSON `MediaOverlay`
 * (contracts): the book's active classes, the duration and its pars (text id, audio file URL, clip), '' when the
 * chapter has none. Its audio files are book assets like any other (book_assets).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('book_chapters')
    .addColumn('overlay', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('book_chapters').dropColumn('overlay').execute();
}
