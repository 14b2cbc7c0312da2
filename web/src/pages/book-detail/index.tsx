import { Suspense, useState } from 'react';
import { HeartFilled, HeartOutlined, LockOutlined, PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { readerHref, resumeReading, type SectionNode } from '@textbook/contracts';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api';
import { useBookDetail, useSectionTree } from '../../api/books';
import { useDocumentTitle } from '../../router/useDocumentTitle';
import { useMember } from '../../api/member';
import { useBookAccess } from '../../api/reader';
import { BuyButton } from '../../components/PayDialog/BuyButton';
import { openLogin } from '../../components/LoginDialog/store';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { lazyWithAntd } from '../../ui/withAntd';
import '../../styles/books.css';

/**
 * The sample dialog (antd) loads when a member who may ask for a sample opens a book (visitors never download
 * it). The page itself draws no antd (ui/'s light controls, in the server page's markup).
 */
const SampleButton = lazyWithAntd(() =>
  import('../../components/Samples/SampleDialog').then((m) => ({ default: m.SampleButton })),
);

/** antd's Result and its pictures: only for an address naming no book. */
const NotFound = lazyWithAntd(() => import('../../components/Empty/NotFound').then((m) => ({ default: m.NotFound })));

/**
 * Favourite and shelf actions (POST {bookId}; the routes belong to the reader issue). Kept out of api/books.ts
 * so the home page, which uses that file, does not load the mutation code.
 */
const useBookAction = (path: '/api/book/markBook' | '/api/book/cancelStar' | '/api/book/shelfBook') =>
  useMutation({ mutationFn: (bookId: number) => api.post<unknown>(path, { bookId }) });

/**
 * The contents: to a reader who may read the book (`owned`, the server's read decision) every chapter opens in
 * the reader and none is marked 免费试读; to anyone else the free chapters open as a trial, the rest are locked.
 */
function Toc({ bookId, nodes, owned }: { bookId: number; nodes: SectionNode[]; owned: boolean }) {
  return (
    <ul className="toc" style={{ listStyle: 'none', paddingLeft: nodes[0]?.level === 1 ? 0 : 20, margin: 0 }}>
      {nodes.map((n) => (
        <li key={n.id}>
          <div className="toc-item">
            {owned && n.chapterId ? (
              <Link to={readerHref(bookId, n.chapterId, n.anchor)} data-testid="owned-chapter">
                {n.title}
              </Link>
            ) : n.free && n.chapterId ? (
              <Link to={readerHref(bookId, n.chapterId, n.anchor, { trial: true })} data-testid="free-chapter">
                {n.title}
              </Link>
            ) : (
              <span>{n.title}</span>
            )}
            {n.chapterId &&
              !owned &&
              (n.free ? (
                <span className="toc-free">免费试读</span>
              ) : (
                <LockOutlined style={{ color: '#9ca3af' }} aria-label="需要获得本书后阅读" />
              ))}
          </div>
          {n.children.length > 0 && <Toc bookId={bookId} nodes={n.children} owned={owned} />}
        </li>
      ))}
    </ul>
  );
}

/** book-detail?id=: full-screen header with cover and facts, actions by the member's state, table of contents. */
export default function BookDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? params.get('bookId')) || 0;
  const { data: book, isError } = useBookDetail(id);
  useDocumentTitle(book?.title);
  const tree = useSectionTree(id);
  const member = useMember();
  // What the member may do with this book is the server's answer (policies), not the web's reading of roles.
  const access = useBookAccess(id, Boolean(member));
  const [starred, setStarred] = useState(false);
  const [shelved, setShelved] = useState(false);
  const mark = useBookAction('/api/book/markBook');
  const unmark = useBookAction('/api/book/cancelStar');
  const shelf = useBookAction('/api/book/shelfBook');

  if (!id || isError)
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  const firstFree = book?.freeChapterIds[0];
  const canAskSample = Boolean(member && access.data?.abilities.canAskSample);
  // The server's read decision (policies' bookReadVerdict, as the reader and the shelf take it): a member who may
  // read the book gets 开始阅读/继续阅读 instead of a trial, and a book on their shelf says so.
  const owned = Boolean(member && access.data?.readable);
  const onShelf = shelved || Boolean(member && access.data?.onShelf);
  const resume = resumeReading(id, access.data?.lastChapterId ?? null);
  // Until a member's decision is here the first button waits (a trial button turning into 继续阅读 would jump).

  const toggleStar = () => {
    if (!member) return openLogin();
    (starred ? unmark : mark).mutate(id, {
      onSuccess: () => setStarred(!starred),
    });
  };
  const addToShelf = () => {
    if (!member) return openLogin();
    shelf.mutate(id, {
      onSuccess: () => setShelved(true),
    });
  };

  return (
    <div className="book-detail">
      <section className="detail-hero">
        <div className="container detail-hero-inner">
          <div className="detail-cover">
            <div className="book-cover">
              {book?.cover && <img src={book.cover} alt={book.title} fetchPriority="high" />}
            </div>
          </div>
          {/* The facts and actions appear together with the book, so nothing in view moves when it arrives. */}
          {book ? (
            <div className="detail-info">
              <h1 dir={book.titleDir || undefined}>{book.title}</h1>
              <div data-testid="book-authors" dir={book.authorsDir || undefined}>
                {book.authors}
              </div>
              <div className="detail-facts">
                <span>出版社：{book.publisher || '—'}</span>
                <span>ISBN：{book.isbn || '—'}</span>
                <span>学科：{book.subjectName || '—'}</span>
                <span>丛书：{book.collectionName || '—'}</span>
                <span>出版年份：{book.pubYear ?? '—'}</span>
                <span>章节：{book.chapterCount} 章</span>
              </div>
              {book.price > 0 && <div className="detail-price">¥{book.price.toFixed(2)}</div>}
              <div className="detail-actions">
                {owned ? (
                  <Link to={resume.href} className="prerender-button is-primary" data-testid="read-book">
                    <ReadOutlined />
                    <span>{resume.label}</span>
                  </Link>
                ) : firstFree && !(member && access.isPending) ? (
                  <Link to={readerHref(id, firstFree, '', { trial: true })} className="prerender-button is-primary">
                    <ReadOutlined />
                    <span>免费试读</span>
                  </Link>
                ) : null}
                <Button
                  icon={starred ? <HeartFilled /> : <HeartOutlined />}
                  onClick={toggleStar}
                  data-replay="star"
                  loading={mark.isPending || unmark.isPending}
                >
                  {starred ? '已收藏' : member ? '收藏' : '登录后收藏'}
                </Button>
                <Button
                  icon={<PlusOutlined />}
                  onClick={addToShelf}
                  data-replay="shelf"
                  disabled={onShelf}
                  loading={shelf.isPending}
                >
                  {onShelf ? '已在书架' : member ? '加入书架' : '登录后加入书架'}
                </Button>
                {book.price > 0 && (
                  <BuyButton
                    bookId={id}
                    price={book.price}
                    loggedIn={Boolean(member)}
                    canBuy={!member || access.data?.readable === false}
                  />
                )}
                {member && access.data?.abilities.canTeach && (
                  // A teacher teaches with the book in the teaching space: the own-book check there says whether
                  // they may, with its 申请教师试用 hint.
                  <Link to={`/my/teachingSpace?bookId=${id}`} className="prerender-button" data-testid="teach-book">
                    <span>创建班级</span>
                  </Link>
                )}
                {canAskSample && (
                  <Suspense fallback={null}>
                    <SampleButton bookId={id} bookTitle={book.title} />
                  </Suspense>
                )}
              </div>
              {book.description && <p className="detail-desc">{book.description}</p>}
              <div className="detail-scroll">向下查看目录 ↓</div>
            </div>
          ) : (
            <div className="detail-info" aria-busy="true" />
          )}
        </div>
      </section>
      <section className="container page-section">
        <div className="panel" data-testid="book-toc">
          <h4 className="prerender-title" style={{ marginTop: 0 }}>
            目录
          </h4>
          {tree.data?.length ? <Toc bookId={id} nodes={tree.data} owned={owned} /> : tree.data ? <Empty /> : null}
        </div>
      </section>
    </div>
  );
}
