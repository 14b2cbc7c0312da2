import fs from 'node:fs';
import path from 'node:path';
import { writeEpub } from '../modules/import/index.js';
import { demoBooks, demoSource } from './demo-books.js';

/**
 * `npm run demo-epubs -- [folder]`: writes the demo textbooks as .epub files (default `data/demo-epubs`),
 * e.g. to try `npm run import-book` or the staff upload with them. The seed imports the same books directly.
 */
const dir = path.resolve(process.argv[2] ?? path.join('data', 'demo-epubs'));
fs.mkdirSync(dir, { recursive: true });
for (const book of demoBooks) {
  const file = path.join(dir, `${book.key}.epub`);
  fs.writeFileSync(file, writeEpub(demoSource(book)));
  console.log(`${file}  ${book.title}`);
}
