/** The console's book list (its reload key). */
export const BOOK_LIST = '/api/admin/book/page';
