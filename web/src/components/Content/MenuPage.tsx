import { Msg } from '@textbook/contracts';
import { useMenuContent } from '../../api/content';
import { EmptyState } from '../Empty/EmptyState';
import { NotFound } from '../Empty/NotFound';
import { RichText } from './RichText';
import { isNotFound, Loading } from './states';

/**
 * A page driven by site content (faq, about, researchers, librarian, publisher): the items of the menu whose
 * address is `path`. One item shows as the page; several show one after another (questions of the faq).
 */
export function MenuPage({ path, title }: { path: string; title: string }) {
  const { data, error, isPending } = useMenuContent({ path, contentType: 'single', pageSize: 100 });
  if (isNotFound(error)) return <NotFound />;
  const rows = data?.rows ?? [];
  const heading = rows[0]?.menuName ?? title;
  return (
    <div className="container page-section" data-testid="menu-page">
      {isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <>
          <h1 className="page-heading">{title}</h1>
          <EmptyState description={Msg.EMPTY} />
        </>
      ) : rows.length === 1 ? (
        <article className="content-card">
          <h1 className="content-title">{rows[0]!.title}</h1>
          <RichText html={rows[0]!.body} />
        </article>
      ) : (
        <article className="content-card">
          <h1 className="content-title">{heading}</h1>
          {rows.map((row) => (
            <section className="faq-item" key={row.id}>
              <h2>{row.title}</h2>
              <RichText html={row.body} />
            </section>
          ))}
        </article>
      )}
    </div>
  );
}
