import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, ConfigProvider, Drawer, Spin, theme as antdTheme, type ThemeConfig } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  READER_THEMES,
  Role,
  trailTo,
  type ChapterContent,
  type ReaderNote,
  type SectionNode,
} from '@textbook/contracts';
import { leave, useBookAccess, useSectionTree, useSpine } from '../../api/reader';
import { useStudentChapterHomework } from '../../api/homework';
import { useMember } from '../../api/member';
import { useSession } from '../../stores/session';
import { ChapterView, type ChapterHandle, type SelectionInfo } from './ChapterView';
import { NoteEditor } from './NoteEditor';
import { ExternalLinkConsent, FootnotePopup } from './LinkDialogs';
import { ContinuousView, type ChapterState, type ContinuousHandle } from './Continuous';
import { useReaderSettings, withBookFlow } from './settings';
import { ResourcePanel } from './ResourcePanel';
import { loadChapter } from './chapters';
import { Toc } from './Toc';
import { NotesDrawer } from './NotesDrawer';
import { RefusalState } from './RefusalState';
import { SelectionToolbar } from './SelectionToolbar';
import { SettingsDrawer } from './SettingsDrawer';
import { useChapterLocation } from './useChapterLocation';
import { useReaderKeys } from './useReaderKeys';
import { useBookProgress } from './useBookProgress';
import { useNoteActions } from './useNoteActions';
import { useReadingClock } from './useReadingClock';
import { dropServerPage, serverViewport } from './serverPage';
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
  const settings = useMemo(() => withBookFlow(stored, bookFlow), [stored, bookFlow]);
  const continuous = settings.continuous;
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
  const [tocOpen, setTocOpen] = useState(() => window.innerWidth >= 1024);
  const [notesOpen, setNotesOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [resourcesOpen, setResourcesOpen] = useState(false);
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
  const { notes, highlight, saveNote, removeNote, exportNotes } = useNoteActions({
    bookId,
    member,
    enabled: member && readable,
    chapterId: current?.id ?? null,
    chapterTitle: current?.title ?? '',
    view,
    selection,
    clearSelection: () => setSelection(null),
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
    const anchor = place.takeAnchor();
    const fragment = place.openingFragment ?? (hash ? decodeURIComponent(hash.slice(1)) : '');
    const served = serverViewport(chapterId);
    requestAnimationFrame(() => {
      if (anchor) view.current?.restore(anchor);
      else if (fragment) view.current?.scrollToFragment(fragment);
      else if (served) view.current?.restoreFrom?.(served);
      dropServerPage();
      noteSeen();
    });
  };
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
    const target = direction > 0 ? nextId : prevId;
    if (target) {
      save();
      open(target);
    }
  };
  const turn = (direction: 1 | -1) => {
    if (!view.current?.turn(direction)) go(direction);
  };
  const { onTouchStart, onTouchEnd } = useReaderKeys({
    turn,
    go,
    toggleToc: () => setTocOpen((o) => !o),
    toggleNotes: member ? () => setNotesOpen((o) => !o) : null,
    selecting: Boolean(selection),
    rtl: access.data?.progression === 'rtl',
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

  /** A chapter's name as the contents give it (a chapter's own title is often its file's <title>). */
  const titleOf = (c: ChapterContent) => (tree.data && trailTo(tree.data, c.id).at(-1)?.title) || c.title;

  const toc = tree.data ? (
    <Toc
      tree={tree.data}
      chapterId={chapterId ?? 0}
      onOpen={openSection}
      onPress={(n) => intend(n.chapterId)}
      homework={homeworkBySection}
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
        renderStop={(stop: ChapterState) => <RefusalState state={stop} bookId={bookId} />}
        onChapters={place.onShown}
        onAnnounce={place.setAnnounced}
        titleOf={titleOf}
        {...handlers}
      />
    ) : (
      <>
        {!okChapter ? <RefusalState state={layoutKnown ? state : { status: 'loading' }} bookId={bookId} /> : null}
        {keep ? (
          <ChapterView
            ref={view}
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
          <div className="reader-trail" aria-label="当前位置">
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
          {member ? (
            <button type="button" className="reader-btn" onClick={() => setNotesOpen(true)} data-testid="notes-button">
              笔记{notes?.length ? `(${notes.length})` : ''}
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
        <div className="reader-sr-only" aria-live="polite" role="status" data-testid="reader-announce">
          {place.announced ? titleOf(place.announced) : ''}
        </div>
        <footer className="reader-foot">
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
