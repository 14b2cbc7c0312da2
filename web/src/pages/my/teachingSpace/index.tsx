import { useState } from 'react';
import { App, Button, Image, Pagination, Skeleton, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { Msg, type ClassRow } from '@textbook/contracts';
import { useBookDetail } from '../../../api/books';
import { useClassBooks, useClassPage, useOwnBook } from '../../../api/classes';
import { EmptyState } from '../../../components/Empty/EmptyState';
import { ClassCard } from './ClassCard';
import { ClassDialog } from './ClassDialog';
import { OwnBookRefusal } from './OwnBookRefusal';
import '../../../styles/classes.css';

/** Teaching space (spec §2): the books a teacher teaches with, the classes of the chosen book (`?bookId=`). */
function TeachingSpace() {
  const [params, setParams] = useSearchParams();
  const books = useClassBooks();
  const [pageNum, setPageNum] = useState(1);
  const [dialog, setDialog] = useState<{ open: boolean; editing: ClassRow | null }>({ open: false, editing: null });
  const list = books.data ?? [];
  const asked = Number(params.get('bookId')) || undefined;
  const askedListed = list.some((b) => b.bookId === asked);
  const bookId = askedListed ? asked : list[0]?.bookId;
  const classes = useClassPage(bookId, pageNum);
  const book = list.find((b) => b.bookId === bookId);
  // Opened on a book the teacher does not teach with (`?bookId=` from a link): the own-book check says why, with
  // its goApply hint, instead of quietly showing another book.
  const unlisted = books.isSuccess && asked !== undefined && !askedListed ? asked : undefined;
  const own = useOwnBook(unlisted);
  const unlistedBook = useBookDetail(unlisted ?? 0);
  const refusal =
    unlisted && own.data?.warning ? (
      <OwnBookRefusal result={own.data.result} bookId={unlisted} bookTitle={unlistedBook.data?.title} />
    ) : null;

  if (books.isLoading) return <Skeleton active />;
  if (list.length === 0) {
    return (
      <div className="teaching">
        <Typography.Title level={4}>教学空间</Typography.Title>
        {refusal}
        <EmptyState description={Msg.NO_TEXTBOOK} />
        <p className="teaching-hint">获得教材的使用权限（学校授权、购买或教师试用）后，即可在这里用它创建班级。</p>
      </div>
    );
  }

  return (
    <div className="teaching">
      <div className="teaching-head">
        <Typography.Title level={4}>教学空间</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, editing: null })}>
          创建班级
        </Button>
      </div>
      {refusal}
      <div className="teaching-books" role="tablist" aria-label="教材">
        {list.map((b) => (
          <button
            key={b.bookId}
            role="tab"
            aria-selected={b.bookId === bookId}
            className={`teaching-book${b.bookId === bookId ? ' active' : ''}`}
            onClick={() => {
              setPageNum(1);
              setParams({ bookId: String(b.bookId) });
            }}
          >
            {b.cover ? (
              <Image src={b.cover} alt="" preview={false} width={44} height={58} />
            ) : (
              <span className="teaching-cover">{b.bookName.slice(0, 2)}</span>
            )}
            <span className="teaching-book-text">
              <span className="teaching-book-name">{b.bookName}</span>
              <span className="teaching-book-count">{b.classCount} 个班级</span>
            </span>
          </button>
        ))}
      </div>
      <div className="teaching-classes">
        <Typography.Title level={5}>{book?.bookName} 的班级</Typography.Title>
        {classes.isLoading ? (
          <Skeleton active />
        ) : (classes.data?.rows.length ?? 0) === 0 ? (
          <EmptyState description="还没有班级，点击“创建班级”开始" />
        ) : (
          <>
            {classes.data!.rows.map((row) => (
              <ClassCard key={row.id} row={row} onEdit={(r) => setDialog({ open: true, editing: r })} />
            ))}
            {classes.data!.total > 10 && (
              <Pagination current={pageNum} total={classes.data!.total} onChange={setPageNum} align="center" />
            )}
          </>
        )}
      </div>
      {dialog.open && (
        <ClassDialog
          open
          editing={dialog.editing}
          books={list.filter((b) => b.own || b.bookId === dialog.editing?.bookId)}
          bookId={book?.own ? bookId : undefined}
          onClose={() => setDialog({ open: false, editing: null })}
          onSaved={(row) => {
            setDialog({ open: false, editing: null });
            setParams({ bookId: String(row.bookId) });
          }}
        />
      )}
    </div>
  );
}

export default function TeachingSpacePage() {
  return (
    <App>
      <TeachingSpace />
    </App>
  );
}
