import type { ReactNode } from 'react';
import { Pagination } from 'antd';
import { formatDate, menuHref, type NavMenu } from '@textbook/contracts';
import { Link, useSearchParams } from 'react-router';
import { useContentItem, useMenuContent } from '../../api/content';
import { useNavMenus } from '../../api/site';
import { ArticleList, itemHref } from '../../components/Content/ArticleList';
import { RichText } from '../../components/Content/RichText';
import { isNotFound, Loading } from '../../components/Content/states';
import { EmptyState } from '../../components/Empty/EmptyState';
import { NotFound } from '../../components/Empty/NotFound';

const PAGE_SIZE = 10;

function findMenu(menus: NavMenu[], id: number): NavMenu | undefined {
  for (const m of menus) {
    if (m.menuId === id) return m;
    const found = findMenu(m.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The menus beside the content: the menu's siblings under its parent, or the menu and its children. */
function sideMenus(menus: NavMenu[], menuId: number, parentId: number): { title: string; items: NavMenu[] } | null {
  const parent = parentId ? findMenu(menus, parentId) : undefined;
  if (parent && parent.children.length) return { title: parent.menuName, items: parent.children };
  const self = findMenu(menus, menuId);
  if (self && self.children.length) return { title: self.menuName, items: self.children };
  return null;
}

/**
 * blog-detail (spec §2): takes menuId, contentType, menuName and parentId and shows what the menu points at:
 * its list of items ('list') or its page ('single'); with `id` it shows one item.
 */
export default function BlogDetailPage() {
  const [params, setParams] = useSearchParams();
  const menuId = Number(params.get('menuId')) || undefined;
  const parentId = Number(params.get('parentId')) || 0;
  const contentType = params.get('contentType') ?? 'list';
  const menuName = params.get('menuName') ?? '';
  const id = Number(params.get('id')) || undefined;
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const { data: menus = [] } = useNavMenus();

  const item = useContentItem(id);
  const list = useMenuContent({ menuId, contentType, pageNum, pageSize: PAGE_SIZE }, Boolean(menuId) && !id);

  if (!menuId && !id) return <NotFound />;
  const side = menuId ? sideMenus(menus, menuId, parentId) : null;
  const title = menuName || (menuId ? findMenu(menus, menuId)?.menuName : '') || '资讯';
  const listHref = menuId
    ? menuHref({ menuId, menuName: title, parentId, contentType: 'list', path: '/blog-detail', children: [] })
    : '/more-blog';

  let main: ReactNode;
  if (id) {
    if (isNotFound(item.error)) return <NotFound />;
    main = item.isPending ? (
      <Loading />
    ) : item.data ? (
      <article className="content-card" data-testid="content-item">
        <nav className="content-crumbs" aria-label="位置">
          <Link to={listHref}>{item.data.menuName || title}</Link>
          <span>›</span>
          <span>正文</span>
        </nav>
        <h1 className="content-title">{item.data.title}</h1>
        <div className="content-meta">
          <span>发布时间：{formatDate(item.data.createTime)}</span>
        </div>
        <RichText html={item.data.body} />
      </article>
    ) : (
      <EmptyState />
    );
  } else {
    if (isNotFound(list.error)) return <NotFound />;
    const rows = list.data?.rows ?? [];
    const total = list.data?.total ?? 0;
    main = list.isPending ? (
      <Loading />
    ) : contentType === 'single' ? (
      rows.length ? (
        <article className="content-card" data-testid="content-item">
          <h1 className="content-title">{rows[0]!.title}</h1>
          <RichText html={rows[0]!.body} />
        </article>
      ) : (
        <EmptyState />
      )
    ) : (
      <section className="content-card">
        <h1 className="content-title">{title}</h1>
        {rows.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <ArticleList rows={rows} hrefOf={(row) => itemHref(row, { menuId, menuName: title, parentId })} />
            {total > PAGE_SIZE && (
              <div className="content-pager">
                <Pagination
                  current={pageNum}
                  pageSize={PAGE_SIZE}
                  total={total}
                  showSizeChanger={false}
                  onChange={(n) => {
                    const next = new URLSearchParams(params);
                    next.set('pageNum', String(n));
                    setParams(next);
                  }}
                />
              </div>
            )}
          </>
        )}
      </section>
    );
  }

  return (
    <div className="container page-section">
      <div className={side ? 'content-page with-side' : 'content-page'}>
        {side && (
          <nav className="content-side" aria-label={side.title}>
            <div className="content-side-title">{side.title}</div>
            {side.items.map((m) => (
              <Link key={m.menuId} to={menuHref(m)} className={m.menuId === menuId ? 'active' : ''}>
                {m.menuName}
              </Link>
            ))}
          </nav>
        )}
        {main}
      </div>
    </div>
  );
}
