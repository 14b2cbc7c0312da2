import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Storage } from '../../adapters/storage/index.js';
import type { Db, Dialect } from '../../db/connection.js';
import { ImportRefusal } from './errors.js';
import { importBook } from './book-file.js';
import type { ImportDeps } from './importer.js';
import { dictEntries } from './queries.js';

export const USAGE =
  'Usage: npm run import-book -- <file.epub or file.pdf> [--subject <name or id>] [--collection <name or id>] [--publish] [--free <chapters>] [--recommend] [--price <yuan>] [--edition-of <book id>]';

/** A dictionary entry by id, label or value (case-insensitive); null when there is none. */
async function dictId(db: Db, dictType: string, wanted: string): Promise<number | null> {
  const rows = await dictEntries(db, dictType);
  const w = wanted.trim().toLowerCase();
  const hit = rows.find((r) => String(r.id) === w || r.label.toLowerCase() === w || r.value.toLowerCase() === w);
  return hit?.id ?? null;
}

/**
 * `npm run import-book -- <file.epub or file.pdf> [--subject …]`: imports one EPUB or PDF into the configured database and
 * says what happened in English. Returns the process exit code.
 */
export async function runImportCli(
  argv: string[],
  deps: { db: Db; dialect: Dialect; storage: Storage; workers?: ImportDeps['workers'] },
  out: { log: (line: string) => void; error: (line: string) => void } = console,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        subject: { type: 'string' },
        collection: { type: 'string' },
        publish: { type: 'boolean', default: false },
        recommend: { type: 'boolean', default: false },
        free: { type: 'string' },
        price: { type: 'string' },
        'edition-of': { type: 'string' },
      },
    });
  } catch (err) {
    out.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    out.error(USAGE);
    return 2;
  }
  const file = path.resolve(positionals[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    out.error(`No such file: ${file}`);
    return 1;
  }
  let subjectId: number | undefined;
  if (values.subject) {
    const id = await dictId(deps.db, 'book_subject', values.subject);
    if (id === null) {
      out.error(`Unknown subject "${values.subject}": use a subject name or id of the subject dictionary.`);
      return 1;
    }
    subjectId = id;
  }
  let collectionId: number | undefined;
  if (values.collection) {
    const id = await dictId(deps.db, 'book_collection', values.collection);
    if (id === null) {
      out.error(`Unknown collection "${values.collection}": use a collection name or id.`);
      return 1;
    }
    collectionId = id;
  }
  const free = values.free === undefined ? undefined : Number(values.free);
  const price = values.price === undefined ? undefined : Math.round(Number(values.price) * 100);
  if ((free !== undefined && !(Number.isInteger(free) && free >= 0)) || (price !== undefined && !(price >= 0))) {
    out.error(`--free takes a whole number of chapters and --price an amount in yuan.\n${USAGE}`);
    return 2;
  }
  const editionOf = values['edition-of'] === undefined ? undefined : Number(values['edition-of']);
  if (editionOf !== undefined && !(Number.isInteger(editionOf) && editionOf > 0)) {
    out.error(`--edition-of takes the id of the book this file is a new edition of.\n${USAGE}`);
    return 2;
  }
  const started = Date.now();
  try {
    const result = await importBook({ ...deps, caches: null }, new Uint8Array(fs.readFileSync(file)), {
      fileName: path.basename(file),
      subjectId,
      collectionId,
      published: values.publish,
      recommended: values.recommend,
      freeChapters: free,
      price,
      bookId: editionOf,
    });
    out.log(
      `${result.created ? `Imported as a new book: "${result.title}" as book ${result.bookId}` : `Imported as edition ${result.edition} of book ${result.bookId}: "${result.title}"`} ` +
        `(${result.chapters} chapters, ${result.sections} table-of-contents entries from ${result.tocSource}, ` +
        `${result.assets} files) in ${Date.now() - started} ms.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof ImportRefusal) {
      out.error(`Refused: ${err.en}`);
      return 1;
    }
    throw err;
  }
}
