import { useQuery } from '@tanstack/react-query';
import { chinaClock, Msg, newsHref, type ContentSummary, type Paged } from '@textbook/contracts';
import { Link } from 'react-router';
import { api } from '../../api';
import './news-block.css';

const COUNT = 4;

function day(ms: number): { md: string; y: string } {
  // Beijing's day, as the server's page writes it (prerender/pages.ts), whatever the browser's zone.
  const c = chinaClock(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { md: `${pad(c.month)}-${pad(c.day)}`, y: String(c.year) };
}

/**
 * Home page news block (issue #5): the newest published news, each opening blog-detail; "more" opens more-blog.
 * Self-contained and light (plain elements, no component-library widgets) for the visitor's first page.
 */
export default function NewsBlock() {
  const { data, isPending } = useQuery({
    queryKey: ['content', 'site', { contentType: 'news', pageNum: 1, pageSize: COUNT }],
    queryFn: () =>
      api.get<Paged<ContentSummary>>(
        '/api/site/contentList',
        { contentType: 'news', pageNum: 1, pageSize: COUNT },
        { silent: true },
      ),
  });
  const rows = data?.rows ?? [];
  return (
    <section className="news-block container" aria-labelledby="news-block-title" data-testid="news-block">
      <div className="news-block-head">
        <h2 id="news-block-title">新闻资讯</h2>
        <Link to="/more-blog" className="news-block-more">
          更多 ›
        </Link>
      </div>
      {isPending ? (
        <div className="news-block-list" aria-busy="true" />
      ) : rows.length === 0 ? (
        <p className="news-block-empty">{Msg.EMPTY}</p>
      ) : (
        <ul className="news-block-list">
          {rows.map((row) => {
            const d = day(row.createTime);
            return (
              <li key={row.id}>
                <Link to={newsHref(row)} className="news-block-item">
                  <span className="news-block-date">
                    <strong>{d.md}</strong>
                    <small>{d.y}</small>
                  </span>
                  <span className="news-block-text">
                    <span className="news-block-title">{row.title}</span>
                    {row.summary && <span className="news-block-summary">{row.summary}</span>}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
