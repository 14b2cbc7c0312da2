import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, ConfigProvider, Drawer, Spin, theme as antdTheme, type ThemeConfig } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  READER_THEMES,
  Role,
  type BookPage,
  trailTo,
  type ChapterContent,
  type InBookHit,
  type ReaderBookmark,
  type ReaderNote,
  type SectionNode,
  type TextAnchor,
} from '@textbook/contracts';
import { leave, useBookAccess, useSectionTree, useSpine } from '../../api/reader';
import { useStudentChapterHomework } from '../../api/homework';
import { useMember } from '../../api/member';
import { useSession } from '../../stores/session';
import type { ChapterHandle, SelectionInfo } from './ChapterView';
import { ChapterOrPdf } from './ChapterOrPdf';
import { FixedView } from './fixed/FixedView';
import { NoteEditor } from './NoteEditor';
import { ExternalLinkConsent, FootnotePopup } from './LinkDialogs';
import { ContinuousView, type ChapterState, type ContinuousHandle } from './Continuous';
import { useReaderSettings, withBookFlow } from './settings';
import { ResourcePanel } from './ResourcePanel';
import { loadChapter } from './chapters';
import { Toc } from './Toc';
import { NotesDrawer } from './NotesDrawer';
import { BookmarksDrawer } from './BookmarksDrawer';
import { SearchDrawer } from './SearchDrawer';
import { RefusalState } from './RefusalState';
import { SelectionToolbar } from './SelectionToolbar';
import { SettingsDrawer } from './SettingsDrawer';
import { useChapterLocation } from './useChapterLocation';
import { useReaderKeys } from './useReaderKeys';
import { useBookProgress } from './useBookProgress';
import { useNoteActions } from './useNoteActions';
import { useReadingClock } from './useReadingClock';
import { usePrintPages } from './usePrintPages';
import { PageControl } from './PageControl';
import { OverlayPlayButton } from './readAloud/overlay/OverlayPlayButton';
import { hasOverlay } from './readAloud/overlay/overlayItems';
import { dropServerPage, serverViewport } from './serverPage';
import { useReadAloud } from './readAloud/useReadAloud';
import { ReadAloudBar, ReadAloudButton } from './readAloud/ReadAloudBar';
import './reader.css';

const NO_NOTES: ReaderNote[] = [];
/** Night mode: the reader's own controls (footer buttons, drawers, dialogs) in antd's dark colours. */
const NIGHT: ThemeConfig = { algorithm: antdTheme.darkAlgorithm };
const DAY: ThemeConfig = {};

/** The reader (/bookPreview?bookId&chapterId). */
export default function BookPreviewPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const bookId = Number(params.get('bookId'));
  const chapterParam = Number(params.get('chapterId')) || null;
  // A search hit's address: the words and which of their occurrences in the chapter (searchHitHref).
  const findParam = params.get('find') ?? '';
  const hitParam = Math.max(0, Number(params.get('hit')) || 0);
  const member = useSession();
  // Prefetched chapters are kept per reader: a visitor's and a member's never mix.
  const token = member ? 'member' : '';

  const access = useBookAccess(bookId);
  const tree = useSectionTree(bookId);
  // A student's released homework of this book, marked beside its chapter in the contents.
  // (Students only: the route refuses anyone else.)
  const studies = Boolean(useMember()?.roleList.includes(Role.STUDENT));
  const chapterHomework = useStudentChapterHomework(bookId, Boolean(member) && studies);
  const homeworkBySection = useMemo(() => {
    const map = new Map<number, { id: number; done: boolean }[]>();
    for (const h of chapterHomework.data ?? []) {
      map.set(h.sectionId, [...(map.get(h.sectionId) ?? []), { id: h.id, done: h.status !== 0 }]);
    }
    return map;
  }, [chapterHomework.data]);
  const spine = useSpine(bookId);
  const [stored, updateSettings] = useReaderSettings();
  const bookFlow = access.data?.flow ?? '';
  const format = access.data?.format;
  const settings = useMemo(() => withBookFlow(stored, bookFlow, format), [stored, bookFlow, format]);
  // A book with pre-paginated pages is read a page (or spread) at a time, never as one long scroll.
  const hasPages = access.data?.layout === 'pre-paginated' || Boolean(spine.data?.some((c) => c.page));
  const continuous = settings.continuous && !hasPages;
  const view = useRef<ChapterHandle>(null);
  const continuousView = useRef<ContinuousHandle>(null);
  const place = useChapterLocation({
    bookId,
    chapterParam,
    member,
    token,
    continuous,
    spine: spine.data,
    bookReadable: Boolean(access.data?.readable),
    continuousView,
  });
  const { state, current, chapterId, prevId, nextId, open, intend } = place;
  const readable = state.status === 'ok';
  const canAskSample = Boolean(access.data?.abilities.canAskSample);
  const [tocOpen, setTocOpen] = useState(() => window.innerWidth >= 1024);
  const [notesOpen, setNotesOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [resourcesOpen, setResourcesOpen] = useState(false);
  const [bookmarksOpen, setBookmarksOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  /** Where to go once the chapter opening is painted: a search hit to mark, or a bookmark's place. */
  const pendingHit = useRef<{ words: string; occurrence: number } | null>(null);
  // A chapter shown from what was fetched before is drawn again when its own answer arrives: the place is kept for
  // every drawing of that chapter in the next seconds, not only the first.
  const pendingPlace = useRef<{ chapterId: number; anchor: TextAnchor; until: number } | null>(null);
  const [selection, setSelection] = useState<SelectionInfo | null>(null);
  const [activeNote, setActiveNote] = useState<ReaderNote | null>(null);
  const [externalLink, setExternalLink] = useState<string | null>(null);
  const [footnote, setFootnote] = useState<string | null>(null);
  // A footnote belongs to its chapter: another chapter closes it.
  const [footnoteChapter, setFootnoteChapter] = useState(chapterId);
  if (footnoteChapter !== chapterId) {
    setFootnoteChapter(chapterId);
    setFootnote(null);
  }
  const pages = usePrintPages({ bookId, chapterId, spine: spine.data, view });
  const { notes, highlight, saveNote, removeNote, exportNotes } = useNoteActions({
    bookId,
    member,
    enabled: member && readable,
    chapterId: current?.id ?? null,
    chapterTitle: current?.title ?? '',
    view,
    selection,
    clearSelection: () => setSelection(null),
    pageAt: pages.labelAt,
  });

  const book = useBookProgress(bookId, spine.data, member);
  /** Records how far the text on screen goes (the book's progress follows). */
  const noteSeen = () => book.record(view.current?.seen() ?? []);

  const report = useCallback(
    (seconds: number, keepalive: boolean) => {
      if (!member || !current || !view.current) return false;
      book.record(view.current.seen());
      leave(
        {
          bookId,
          chapterId: current.id,
          anchor: view.current.anchor(),
          reads: book.sessionReads(),
          seconds: Math.min(3600, seconds),
        },
        keepalive,
      );
      return true;
    },
    [member, current, bookId, book],
  );
  const save = useReadingClock(report);

  const chapterNotes = useMemo(
    () => (notes ?? []).filter((n) => n.chapterId === chapterId && !n.orphan),
    [notes, chapterId],
  );

  const onReady = () => {
    const stored = place.takeAnchor();
    const bookmark = pendingPlace.current;
    const kept = bookmark && bookmark.chapterId === chapterId && Date.now() < bookmark.until ? bookmark.anchor : null;
    const anchor = kept ?? stored;
    const hit = pendingHit.current ?? (findParam ? { words: findParam, occurrence: hitParam } : null);
    pendingHit.current = null;
    const fragment = place.openingFragment ?? (hash ? decodeURIComponent(hash.slice(1)) : '');
    const served = serverViewport(chapterId);
    requestAnimationFrame(() => {
      if (hit && view.current?.markHit(hit.words, hit.occurrence)) dropServerPage();
      else if (anchor) view.current?.restore(anchor);
      else if (fragment) view.current?.scrollToFragment(fragment);
      else if (served) view.current?.restoreFrom?.(served);
      dropServerPage();
      noteSeen();
      pages.update();
    });
  };
  // A search hit's address (search-result-detail's links) whose chapter is on screen already: marked at once
  // (otherwise onReady marks it once the chapter is painted).
  const shownId = state.status === 'ok' ? state.chapter.id : null;
  useEffect(() => {
    if (findParam && shownId === chapterParam) view.current?.markHit(findParam, hitParam);
    // Only when the address changes: the chapter shown is not a reason to mark again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [findParam, hitParam, chapterParam]);

  // The server's page of a chapter goes when the reader shows something else, and with the reader.
  const showing = state.status === 'loading' ? null : state.status === 'ok' ? state.chapter.id : -1;
  useEffect(() => {
    if (showing !== null && !serverViewport(showing)) dropServerPage();
  }, [showing]);
  useEffect(() => dropServerPage, []);

  const throttle = useRef(0);
  const onScroll = () => {
    const now = Date.now();
    if (now - throttle.current < 100) return;
    throttle.current = now;
    noteSeen();
    pages.update();
    setSelection(null);
  };

  /** Settings that re-flow the text keep the reader on the same words. */
  const changeSettings = (patch: Partial<typeof settings>) => {
    const anchor = view.current?.anchor();
    updateSettings({
      ...patch,
      ...('flow' in patch ? { flowChosen: true } : {}),
      ...('continuous' in patch ? { continuousChosen: true } : {}),
    });
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (anchor) view.current?.restore(anchor);
        noteSeen();
      }),
    );
  };

  const go = (direction: 1 | -1) => {
    // Pre-paginated pages go a spread at a time (the next chapter may be the other page of the spread on screen).
    if (kept?.layout.kind === 'fixed' && view.current?.turn(direction)) return;
    const target = direction > 0 ? nextId : prevId;
    if (target) {
      save();
      open(target);
    }
  };
  const turn = (direction: 1 | -1) => {
    if (!view.current?.turn(direction)) go(direction);
  };
  /** A chapter's name as the contents give it (a chapter's own title is often its file's <title>). */
  const titleOf = (c: ChapterContent) => (tree.data && trailTo(tree.data, c.id).at(-1)?.title) || c.title;

  // Read aloud (issue 33): a reflowable or pre-paginated chapter's text, in the device's voice; a chapter with a
  // media overlay plays its recording instead (OverlayPlayButton below).
  const canReadAloud = readable && format !== 'pdf' && !hasOverlay(state.status === 'ok' ? state.chapter : null);
  const readAloud = useReadAloud({
    view,
    bookId,
    bookTitle: access.data?.title ?? '',
    chapterId: readable ? chapterId : null,
    chapterTitle: current ? titleOf(current) : '',
    bookLang: access.data?.language ?? '',
    nextId,
    continuous,
    mayRead: (id) => Boolean(access.data?.readable || spine.data?.find((c) => c.id === id)?.free),
    goTo: (id) => {
      save();
      open(id);
    },
    rate: settings.readAloudRate,
    voice: settings.readAloudVoice,
    onSettings: updateSettings,
  });

  const { onTouchStart, onTouchEnd } = useReaderKeys({
    turn,
    swipe: (direction) => (view.current?.sideways?.() ? turn(direction) : go(direction)),
    go,
    toggleToc: () => setTocOpen((o) => !o),
    toggleNotes: member ? () => setNotesOpen((o) => !o) : null,
    selecting: Boolean(selection),
    rtl: access.data?.progression === 'rtl',
    readAloud: canReadAloud ? readAloud : null,
  });

  const onLink = (href: string) => {
    if (href.startsWith('#')) return view.current?.scrollToFragment(decodeURIComponent(href.slice(1)));
    const url = new URL(href, window.location.origin);
    if (url.origin === window.location.origin && url.pathname === '/bookPreview') {
      const target = Number(url.searchParams.get('chapterId'));
      if (target === chapterId && url.hash)
        return view.current?.scrollToFragment(decodeURIComponent(url.hash.slice(1)));
      if (target) return open(target, url.hash.slice(1));
    }
    // A link out of the book (the web, mail) opens only once the reader agrees.
    if (/^(https?|mailto):$/.test(url.protocol)) setExternalLink(href);
  };

  const trail = useMemo(() => (tree.data && chapterId ? trailTo(tree.data, chapterId) : []), [tree.data, chapterId]);

  const openSection = (n: SectionNode) => {
    if (!n.chapterId) return;
    if (window.innerWidth < 1024) setTocOpen(false);
    if (n.chapterId === chapterId && n.anchor) return view.current?.scrollToFragment(n.anchor);
    save();
    open(n.chapterId, n.anchor);
  };

  /** A search hit chosen in the reader's panel: its chapter, there the occurrence, marked. */
  const goToHit = (hit: InBookHit) => {
    setSearchOpen(false);
    if (hit.words === undefined) return hit.chapterId !== chapterId ? open(hit.chapterId) : undefined;
    const target = { words: hit.words, occurrence: hit.occurrence ?? 0 };
    if (hit.chapterId === chapterId && view.current?.markHit(target.words, target.occurrence)) return;
    save();
    pendingHit.current = target;
    open(hit.chapterId);
  };
  /** 跳转到页: the page's chapter, there its anchor (a page-break element, or a PDF page `pdf-page-<i>`). */
  const goToPage = (p: BookPage) => {
    pages.setLabel(p.label);
    if (p.chapterId === chapterId) return p.anchor ? view.current?.scrollToFragment(p.anchor) : undefined;
    save();
    open(p.chapterId, p.anchor);
  };
  const goToBookmark = (b: ReaderBookmark) => {
    setBookmarksOpen(false);
    if (b.chapterId === chapterId) return view.current?.restore(b.anchor);
    save();
    pendingPlace.current = { chapterId: b.chapterId, anchor: b.anchor, until: Date.now() + 3000 };
    open(b.chapterId);
  };

  const toc = tree.data ? (
    <Toc
      tree={tree.data}
      chapterId={chapterId ?? 0}
      onOpen={openSection}
      onPress={(n) => intend(n.chapterId)}
      homework={homeworkBySection}
      owned={Boolean(access.data?.readable)}
    />
  ) : (
    <Spin />
  );
  const wide = typeof window !== 'undefined' && window.innerWidth >= 1024;
  const noteById = (id: number) => setActiveNote((notes ?? []).find((n) => n.id === id) ?? null);

  // The chapter's view stays on the page while another chapter loads (hidden, under the loading state): it is not
  // made again for each chapter.
  const [kept, setKept] = useState<ChapterContent | null>(null);
  // A chapter is shown once the book's own layout (rendition:flow, from the read decision) is known: never laid out
  // one way and then the other.
  const layoutKnown = !access.isPending;
  const okChapter = state.status === 'ok' && layoutKnown ? state.chapter : null;
  // Only a chapter this view showed is kept (continuous mode has views of its own).
  const keep = continuous ? null : (okChapter ?? kept);
  if (keep !== kept) setKept(keep);

  /** What the chapter views tell the page. */
  const handlers = {
    onSelection: setSelection,
    onNoteClick: noteById,
    onLink,
    onFootnote: setFootnote,
    onReady,
    onScroll,
  };
  const body =
    state.status === 'ok' && layoutKnown && continuous ? (
      <ContinuousView
        key={state.chapter.id}
        ref={(h) => {
          view.current = h;
          continuousView.current = h;
        }}
        first={state.chapter}
        settings={settings}
        notes={notes ?? NO_NOTES}
        load={(id) => loadChapter(bookId, id, token)}
        renderStop={(stop: ChapterState) => <RefusalState state={stop} bookId={bookId} canAskSample={canAskSample} />}
        onChapters={place.onShown}
        onAnnounce={place.setAnnounced}
        titleOf={titleOf}
        {...handlers}
      />
    ) : (
      <>
        {!okChapter ? (
          <RefusalState
            state={layoutKnown ? state : { status: 'loading' }}
            bookId={bookId}
            canAskSample={canAskSample}
          />
        ) : null}
        {keep?.layout.kind === 'fixed' ? (
          <FixedView
            ref={view}
            chapter={keep}
            hidden={!okChapter}
            bookId={bookId}
            token={token}
            spine={spine.data ?? []}
            rtl={access.data?.progression === 'rtl'}
            bookSpread={access.data?.spread ?? ''}
            notes={okChapter ? (notes ?? NO_NOTES) : NO_NOTES}
            background={READER_THEMES[settings.theme].bg}
            onOpen={(id) => {
              save();
              open(id);
            }}
            onSelection={setSelection}
            onNoteClick={noteById}
            onLink={onLink}
            onReady={onReady}
          />
        ) : keep ? (
          <ChapterOrPdf
            ref={view}
            onSettings={changeSettings}
            chapter={keep}
            hidden={!okChapter}
            settings={settings}
            notes={okChapter ? chapterNotes : NO_NOTES}
            {...handlers}
          />
        ) : null}
      </>
    );

  // Whole only when every chapter was read to its end.
  const percent = Math.floor(book.progress * 100);

  return (
    <ConfigProvider theme={settings.theme === 'dark' ? NIGHT : DAY}>
      <div className={`reader reader-theme-${settings.theme}`} style={{ background: READER_THEMES[settings.theme].bg }}>
        <header className="reader-bar" role="banner">
          <Link to={member ? '/list' : `/book-detail?id=${bookId}`} className="reader-back" aria-label="返回">
            ‹ 返回
          </Link>
          <button
            type="button"
            className="reader-btn"
            onClick={() => setTocOpen((o) => !o)}
            aria-expanded={tocOpen}
            data-replay="reader-toc"
          >
            目录
          </button>
          <div className="reader-trail" role="group" aria-label="当前位置">
            <strong className="reader-title" dir={access.data?.titleDir || undefined}>
              {access.data?.title}
            </strong>
            {trail.map((n, i) => (
              <span key={n.id}>
                {i > 0 ? <span aria-hidden> / </span> : null}
                {n.title}
              </span>
            ))}
          </div>
          {canReadAloud ? <ReadAloudButton player={readAloud} /> : null}
          <button type="button" className="reader-btn" onClick={() => setSearchOpen(true)} data-testid="search-button">
            搜索
          </button>
          {member ? (
            <button
              type="button"
              className="reader-btn"
              onClick={() => setBookmarksOpen(true)}
              data-testid="bookmarks-button"
            >
              书签
            </button>
          ) : null}
          {member ? (
            <button type="button" className="reader-btn" onClick={() => setNotesOpen(true)} data-testid="notes-button">
              笔记{notes?.length ? `(${notes.length})` : ''}
            </button>
          ) : null}
          {readable ? (
            <button
              type="button"
              className="reader-btn"
              onClick={() => setResourcesOpen(true)}
              aria-haspopup="dialog"
              aria-expanded={resourcesOpen}
              data-testid="resources-button"
            >
              资源
            </button>
          ) : null}
          <button
            type="button"
            className="reader-btn"
            onClick={() => setSettingsOpen(true)}
            data-testid="settings-button"
            data-replay="reader-settings"
          >
            设置
          </button>
        </header>
        <div className="reader-body">
          {wide && tocOpen ? <div className="reader-side">{toc}</div> : null}
          <main className="reader-main" aria-label="正文" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
            {body}
          </main>
        </div>
        <ReadAloudBar player={readAloud} rate={settings.readAloudRate} voice={settings.readAloudVoice} />
        <div className="reader-sr-only" aria-live="polite" role="status" data-testid="reader-announce">
          {place.announced ? titleOf(place.announced) : ''}
        </div>
        <OverlayPlayButton
          chapter={okChapter}
          view={view}
          onNext={(id) => {
            save();
            open(id);
          }}
        />
        {/* A right-to-left book's previous chapter is on the right, its next on the left (as its pages turn). */}
        <footer className="reader-foot" dir={access.data?.progression === 'rtl' ? 'rtl' : undefined}>
          <Button
            onClick={() => go(-1)}
            onPointerDown={() => intend(prevId)}
            disabled={!prevId}
            data-testid="prev-chapter"
            data-replay="prev-chapter"
          >
            上一章
          </Button>
          <div className="reader-progress" aria-label="阅读进度">
            <div className="reader-progress-bar">
              <span style={{ width: `${percent}%` }} />
            </div>
            <span data-testid="book-progress">{percent}%</span>
            {pages.hasPages && readable ? <PageControl label={pages.label} find={pages.find} onGo={goToPage} /> : null}
          </div>
          <Button
            type="primary"
            onClick={() => go(1)}
            onPointerDown={() => intend(nextId)}
            disabled={!nextId}
            data-testid="next-chapter"
            data-replay="next-chapter"
          >
            下一章
          </Button>
        </footer>

        <SelectionToolbar
          selection={selection}
          member={member}
          bookId={bookId}
          chapterId={current?.id ?? null}
          onHighlight={highlight}
          onCite={pages.cite}
          onReadAloud={canReadAloud ? (s) => void readAloud.start({ at: 'selection', ...s }) : undefined}
        />

        <Drawer
          title="目录"
          placement="left"
          open={!wide && tocOpen}
          onClose={() => setTocOpen(false)}
          size={320}
          styles={{ body: { padding: 0 } }}
        >
          {toc}
        </Drawer>

        <NotesDrawer
          open={notesOpen}
          onClose={() => setNotesOpen(false)}
          notes={notes}
          onGoTo={(n) => {
            setNotesOpen(false);
            if (n.chapterId === chapterId) view.current?.scrollToNote(n);
            else open(n.chapterId);
          }}
          onEdit={setActiveNote}
          onExport={(type) => void exportNotes(type)}
        />

        <Drawer title="本章资源" open={resourcesOpen} onClose={() => setResourcesOpen(false)} size={380}>
          {resourcesOpen && current ? <ResourcePanel bookId={bookId} chapterId={current.id} /> : null}
        </Drawer>

        <SearchDrawer open={searchOpen} onClose={() => setSearchOpen(false)} bookId={bookId} onGoTo={goToHit} />
        {member ? (
          <BookmarksDrawer
            open={bookmarksOpen}
            onClose={() => setBookmarksOpen(false)}
            bookId={bookId}
            here={() =>
              current && view.current
                ? { chapterId: current.id, anchor: view.current.anchor(), pageLabel: pages.labelAt() }
                : null
            }
            onGoTo={goToBookmark}
          />
        ) : null}

        <SettingsDrawer
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          settings={settings}
          onChange={changeSettings}
        />

        <ExternalLinkConsent href={externalLink} onClose={() => setExternalLink(null)} />
        <FootnotePopup text={footnote} onClose={() => setFootnote(null)} />

        <NoteEditor note={activeNote} onClose={() => setActiveNote(null)} onSave={saveNote} onDelete={removeNote} />
      </div>
    </ConfigProvider>
  );
}
