import { pagerPages } from '@textbook/contracts';
import { plainClick } from './plainClick';

/**
 * Page links as the server's page draws them (`nav.prerender-pager`, prerender.css): the first, the last and
 * those next to the current page, which has aria-current. Each is a link to its address; `onChange` takes a
 * plain click.
 */
export function Pager({
  current,
  pages,
  href,
  onChange,
}: {
  current: number;
  pages: number;
  href: (page: number) => string;
  onChange: (page: number) => void;
}) {
  const near = pagerPages(current, pages);
  return (
    <nav className="pager prerender-pager" aria-label="分页">
      {near.map((p, i) => [
        i > 0 && p - near[i - 1]! > 1 && (
          <span key={`gap-${p}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ),
        <a
          key={p}
          href={href(p)}
          className={p === current ? 'is-current' : undefined}
          aria-current={p === current ? 'page' : undefined}
          aria-label={`第 ${p} 页`}
          onClick={(e) => plainClick(e) && onChange(p)}
        >
          {p}
        </a>,
      ])}
    </nav>
  );
}
