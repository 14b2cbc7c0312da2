import { Pagination } from 'antd';
import { useSearchParams } from 'react-router';
import { useSiteContent } from '../../api/content';
import { ArticleList, itemHref } from '../../components/Content/ArticleList';
import { Loading } from '../../components/Content/states';
import { EmptyState } from '../../components/Empty/EmptyState';

const PAGE_SIZE = 10;

/** more-blog: every published news item (or a menu's, with menuId), newest first, paged. */
export default function MoreBlogPage() {
  const [params, setParams] = useSearchParams();
  const menuId = Number(params.get('menuId')) || undefined;
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const { data, isPending } = useSiteContent({
    contentType: params.get('contentType') || 'news',
    menuId,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const rows = data?.rows ?? [];
  return (
    <div className="container page-section">
      {isPending ? (
        <Loading />
      ) : (
        <section className="content-card">
          <h1 className="content-title">{params.get('menuName') || '新闻资讯'}</h1>
          {rows.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <ArticleList rows={rows} hrefOf={(row) => itemHref(row)} />
              {(data?.total ?? 0) > PAGE_SIZE && (
                <div className="content-pager">
                  <Pagination
                    current={pageNum}
                    pageSize={PAGE_SIZE}
                    total={data?.total}
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
      )}
    </div>
  );
}
