import { formatDate, type ContentSummary } from '@textbook/contracts';
import { Link } from 'react-router';

/** A list of content items: cover (when there is one), title, summary and date, each linking to its page. */
export function ArticleList({ rows, hrefOf }: { rows: ContentSummary[]; hrefOf: (row: ContentSummary) => string }) {
  return (
    <ul className="article-list" data-testid="article-list">
      {rows.map((row) => (
        <li key={row.id}>
          <Link to={hrefOf(row)} className="article-link">
            {row.cover && <img className="article-cover" src={row.cover} alt="" loading="lazy" />}
            <div className="article-body">
              <div className="article-title">{row.title}</div>
              {row.summary && <div className="article-summary">{row.summary}</div>}
              <div className="article-date">{formatDate(row.createTime)}</div>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** blog-detail's address for one item, keeping the menu it was reached from. */
export function itemHref(
  row: { id: number; menuId: number | null },
  menu: { menuId?: number | null; menuName?: string | null; parentId?: number | null } = {},
): string {
  const params = new URLSearchParams({ id: String(row.id), contentType: 'list' });
  const menuId = menu.menuId ?? row.menuId;
  if (menuId) params.set('menuId', String(menuId));
  if (menu.menuName) params.set('menuName', menu.menuName);
  if (menu.parentId !== undefined && menu.parentId !== null) params.set('parentId', String(menu.parentId));
  return `/blog-detail?${params}`;
}
