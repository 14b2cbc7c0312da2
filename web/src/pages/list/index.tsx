import { useState } from 'react';
import { Button, Empty, Input, Pagination, Popconfirm, Progress, Segmented, Skeleton, Tag, message } from 'antd';
import { Link } from 'react-router';
import {
  formatDate,
  resumeReading,
  ShelfSourceLabel,
  ShelfSources,
  type ShelfBook,
  type ShelfSourceName,
  Limits,
} from '@textbook/contracts';
import { removeFromShelf, useInvalidateShelf, useShelf } from '../../api/reader';
import { SwitchCollege } from '../../components/BookSwitch/SwitchCollege';
import { useMember } from '../../api/member';
import { useSession } from '../../stores/session';
import { openLogin } from '../../components/LoginDialog/store';
import { RedeemCode } from '../../components/RedeemCode';
import './list.css';

const day = (ms: number) => formatDate(ms);

function ShelfCard({ book }: { book: ShelfBook }) {
  const invalidate = useInvalidateShelf();
  const { href, label } = resumeReading(book.id, book.lastChapterId);
  return (
    <li className="shelf-card" data-testid="shelf-card">
      <Link to={href} className="shelf-cover" aria-label={`阅读《${book.title}》`}>
        {book.cover ? <img src={book.cover} alt="" loading="lazy" /> : <span>{book.title}</span>}
      </Link>
      <div className="shelf-info">
        <Link to={href} className="shelf-title">
          {book.title}
        </Link>
        <div className="shelf-authors">{book.authors}</div>
        <div className="shelf-tags">
          {book.sources.map((s) => (
            <Tag key={s} color={s === 'free' ? 'green' : 'blue'}>
              {ShelfSourceLabel[s]}
            </Tag>
          ))}
          <span className="shelf-expiry">{book.expiresAt ? `有效期至 ${day(book.expiresAt)}` : '长期有效'}</span>
        </div>
        <Progress percent={Math.floor(book.progress * 100)} size="small" aria-label="阅读进度" />
        <div className="shelf-last">{book.lastReadAt ? `上次阅读 ${day(book.lastReadAt)}` : '尚未阅读'}</div>
        {book.otherCollegeId && book.otherCollegeName ? (
          <SwitchCollege collegeId={book.otherCollegeId} collegeName={book.otherCollegeName} onSwitched={invalidate} />
        ) : null}
        <div className="shelf-actions">
          <Link to={href}>
            <Button type="primary" size="small">
              {label}
            </Button>
          </Link>
          {book.sources.includes('free') ? (
            <Popconfirm
              title="确定将该书移出书架吗？"
              onConfirm={async () => {
                const r = await removeFromShelf(book.id);
                message.success(r.remaining ? '已移除自行添加的记录，班级或授权获得的教材仍保留' : '已移出书架');
                invalidate();
              }}
            >
              <Button size="small">移出书架</Button>
            </Popconfirm>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The shelf (spec §2 list): the member's books with source, expiry, progress and last read. */
export default function ListPage() {
  const token = useSession();
  const member = useMember();
  // Samples are a teacher's (the server's `sampleBook` area): a student is not shown a tab that never applies to them.
  const sources = ShelfSources.filter((s) => s !== 'sample' || member?.abilities.includes('sampleBook'));
  const [pageNum, setPageNum] = useState(1);
  const [source, setSource] = useState<ShelfSourceName | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  const query = { pageNum, pageSize: 12, source: source === 'all' ? undefined : source, keyword: keyword || undefined };
  const shelf = useShelf(query);
  if (!token) {
    return (
      <div className="container page-section">
        <Empty description="登录后查看书架">
          <Button type="primary" onClick={() => openLogin('login')}>
            登录
          </Button>
        </Empty>
      </div>
    );
  }
  return (
    <div className="container page-section shelf-page">
      <div className="shelf-head">
        <h1>我的书架</h1>
        <Input.Search
          allowClear
          placeholder="搜索书架中的教材"
          maxLength={Limits.SEARCH_MAX}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNum(1);
          }}
          className="shelf-search"
        />
      </div>
      <RedeemCode />
      <Segmented
        className="shelf-filter"
        value={source}
        onChange={(v) => {
          setSource(v as ShelfSourceName | 'all');
          setPageNum(1);
        }}
        options={[{ label: '全部', value: 'all' }, ...sources.map((s) => ({ label: ShelfSourceLabel[s], value: s }))]}
      />
      {shelf.isLoading ? (
        <Skeleton active />
      ) : !shelf.data?.rows.length ? (
        <Empty description="未添加教材">
          <Link to="/textbook">
            <Button type="primary">去找教材</Button>
          </Link>
        </Empty>
      ) : (
        <>
          <ul className="shelf-grid">
            {shelf.data.rows.map((b) => (
              <ShelfCard key={b.id} book={b} />
            ))}
          </ul>
          <Pagination
            className="shelf-pages"
            current={pageNum}
            pageSize={12}
            total={shelf.data.total}
            onChange={setPageNum}
            hideOnSinglePage
          />
        </>
      )}
    </div>
  );
}
