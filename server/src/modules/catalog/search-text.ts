import { titlePinyin, type Words } from './words.js';

export interface SearchDocument {
  title: string;
  authors: string;
  body: string;
  py: string;
}

/** Suffixes of a string of initials (新编高等数学 → xbgdsx, bgdsx, gdsx…) so a query may start mid-title. */
function suffixes(text: string, min = 2, max = 30): string[] {
  const out: string[] = [];
  for (let i = 0; i + min <= text.length && out.length < max; i++) out.push(text.slice(i));
  return out;
}

/** What the search index holds for a book: segmented words per field and the title's pinyin. */
export function searchDocument(
  book: {
    title: string;
    authors: string;
    description: string;
    publisher: string;
    isbn: string;
    subject: string;
    collection: string;
    sections: string[];
  },
  words: Words,
): SearchDocument {
  const { full, initials } = titlePinyin(book.title);
  const syllables = full ? [full] : [];
  return {
    title: words.indexWords(book.title),
    authors: words.indexWords(book.authors),
    body: words.indexWords(
      [book.description, book.publisher, book.isbn, book.subject, book.collection, ...book.sections.slice(0, 300)].join(
        '\n',
      ),
    ),
    py: [...syllables, ...suffixes(initials)].join(' '),
  };
}
