import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@textbook/contracts';
import { recordHelpAccess, useHelpContents } from '../../../api/help';
import { RichText } from '../../../components/Content/RichText';
import { Loading } from '../../../components/Content/states';
import { NotFound } from '../../../components/Empty/NotFound';

/** One help content; each visit is recorded so staff see which help is read. */
export default function HelpDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const { data, isPending } = useHelpContents({ id, pageSize: 1 }, Boolean(id));
  const item = data?.rows[0];

  const itemId = item?.id;
  useEffect(() => {
    if (itemId) recordHelpAccess(itemId);
  }, [itemId]);

  if (!id || (!isPending && !item)) return <NotFound />;
  return (
    <div className="page-section">
      {isPending || !item ? (
        <Loading />
      ) : (
        <article className="content-card" data-testid="help-detail">
          <nav className="content-crumbs" aria-label="位置">
            <Link to="/my/help">帮助中心</Link>
            <span>›</span>
            <Link to={`/my/help?topicId=${item.topicId}`}>{item.topicName}</Link>
          </nav>
          <h1 className="content-title">{item.title}</h1>
          <div className="content-meta">更新时间：{formatDate(item.updateTime)}</div>
          <RichText html={item.body} />
        </article>
      )}
    </div>
  );
}
