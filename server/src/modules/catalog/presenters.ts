import type { BookCard } from '@textbook/contracts';
import { coverUrl } from '../books/index.js';
import type { CardRow } from './queries.js';

/** A card leaves the server with these fields only; the cover becomes its asset URL. */
export function presentCard(row: CardRow): BookCard {
  return {
    id: row.id,
    title: row.title,
    cover: coverUrl(row.cover),
    authors: row.authors,
    publisher: row.publisher,
    isbn: row.isbn,
    price: row.price / 100,
    subjectId: row.subjectId,
    subjectName: row.subjectName ?? '',
    collectionId: row.collectionId,
    collectionName: row.collectionName ?? '',
    pubYear: row.pubYear,
    publishedAt: row.publishedAt,
  };
}

/** Cards in the order of the ids (the order a ranked query chose). */
export function inOrder(ids: number[], rows: CardRow[]): BookCard[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentCard(row)] : [];
  });
}
