import { Button, Pagination, Select, Tag } from 'antd';
import { formatDateTime, NOTICE_TYPES, type NoticeItem } from '@textbook/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { useMarkRead, useNoticeBooks, useNotices } from '../../api/notice';
import { useUnreadCount } from '../../api/member';
import '../../components/Content/content.css';
import { Loading } from '../../components/Content/states';
import { EmptyState } from '../../components/Empty/EmptyState';
import { openLogin } from '../../components/LoginDialog/store';
import { useSession } from '../../stores/session';

const PAGE_SIZE = 10;
const TYPE_COLORS: Record<string, string> = {
  system: 'blue',
  class: 'green',
  sample: 'gold',
  homework: 'purple',
  feedback: 'cyan',
  audit: 'red',
};

/** Where a notice leads: its own link, else the book it is about. */
function targetOf(n: NoticeItem): string {
  if (n.link) return n.link;
  if (n.bookId) return `/book-detail?id=${n.bookId}`;
  return '';
}

/** The notice centre (spec §2, no footer): type, time, read state, links, filters by type and book, mark all read. */
export default function MessagePage() {
  const token = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') || undefined;
  const bookId = Number(params.get('bookId')) || undefined;
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const unread = useUnreadCount();
  const notices = useNotices({ type, bookId, pageNum, pageSize: PAGE_SIZE }, Boolean(token));
  const books = useNoticeBooks(Boolean(token));
  const markRead = useMarkRead();

  const setParam = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'pageNum') next.delete('pageNum');
    setParams(next);
  };

  if (!token) {
    return (
      <div className="container page-section">
        <section className="content-card">
          <h1 className="content-title">消息中心</h1>
          <EmptyState description="登录后查看您的消息" />
          <div style={{ textAlign: 'center' }}>
            <Button type="primary" onClick={() => openLogin()}>
              登录
            </Button>
          </div>
        </section>
      </div>
    );
  }

  const open = (n: NoticeItem) => {
    if (!n.read) markRead.mutate({ id: n.id });
    const target = targetOf(n);
    if (!target) return;
    if (/^https?:\/\//.test(target)) window.open(target, '_blank', 'noopener');
    else navigate(target);
  };

  const rows = notices.data?.rows ?? [];
  return (
    <div className="container page-section">
      <section className="content-card" data-testid="message-centre">
        <h1 className="content-title">
          消息中心{unread > 0 && <span className="version-number"> （{unread} 条未读）</span>}
        </h1>
        <div className="notice-toolbar">
          <Select
            aria-label="消息类型"
            placeholder="全部类型"
            allowClear
            style={{ minWidth: 140 }}
            value={type}
            onChange={(v?: string) => setParam('type', v)}
            options={Object.entries(NOTICE_TYPES).map(([value, label]) => ({ value, label }))}
          />
          <Select
            aria-label="相关教材"
            placeholder="全部教材"
            allowClear
            style={{ minWidth: 180 }}
            value={bookId}
            onChange={(v?: number) => setParam('bookId', v ? String(v) : undefined)}
            options={(books.data ?? []).map((b) => ({ value: b.id, label: b.bookName }))}
          />
          <span className="spacer" />
          <Button
            onClick={() => markRead.mutate({ all: true })}
            disabled={unread === 0}
            loading={markRead.isPending}
            data-testid="mark-all-read"
          >
            全部已读
          </Button>
        </div>
        {notices.isPending ? (
          <Loading />
        ) : rows.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="article-list" data-testid="notice-list">
            {rows.map((n) => (
              <li key={n.id}>
                <div
                  className={n.read ? 'notice-item read' : 'notice-item'}
                  role="button"
                  tabIndex={0}
                  data-testid="notice-item"
                  data-read={n.read ? '1' : '0'}
                  onClick={() => open(n)}
                  onKeyDown={(e) => (e.key === 'Enter' ? open(n) : undefined)}
                >
                  <span className={n.read ? 'notice-dot read' : 'notice-dot'} aria-label={n.read ? '已读' : '未读'} />
                  <div className="notice-main">
                    <div className="notice-head">
                      <Tag color={TYPE_COLORS[n.type] ?? 'default'}>{NOTICE_TYPES[n.type] ?? '通知'}</Tag>
                      <span className="notice-title">{n.title}</span>
                    </div>
                    {n.content && <div className="notice-content">{n.content}</div>}
                    <div className="notice-foot">
                      <span>{formatDateTime(n.createTime)}</span>
                      {n.bookName && <span>《{n.bookName}》</span>}
                      <span>{n.read ? '已读' : '未读'}</span>
                      {targetOf(n) && <span className="notice-link">查看详情 ›</span>}
                    </div>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        {(notices.data?.total ?? 0) > PAGE_SIZE && (
          <div className="content-pager">
            <Pagination
              current={pageNum}
              pageSize={PAGE_SIZE}
              total={notices.data?.total}
              showSizeChanger={false}
              onChange={(n) => setParam('pageNum', String(n))}
            />
          </div>
        )}
      </section>
    </div>
  );
}
