import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Empty, Input, Modal, Result, Segmented, Slider, Spin, Switch, message } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  NoteColors,
  ReaderMsg,
  type ChapterContent,
  type ReaderNote,
  type SectionNode,
  type TransResult,
} from '@textbook/contracts';
import { api } from '../../api';
import {
  addNote,
  deleteNote,
  getPosition,
  leave,
  readerKeys,
  reportError,
  saveFile,
  translate,
  updateNote,
  useBookAccess,
  useNotes,
  useSectionTree,
  useSpine,
} from '../../api/reader';
import { SwitchCollege } from '../../components/BookSwitch/SwitchCollege';
import { openLogin } from '../../components/LoginDialog/store';
import { useSession } from '../../stores/session';
import { ChapterView, type ChapterHandle, type SelectionInfo } from './ChapterView';
import { COLOR_LABEL, NoteEditor } from './NoteEditor';
import { ContinuousView, type ChapterState, type ContinuousHandle } from './Continuous';
import { FONT_SIZES, THEMES, useReaderSettings, type Flow, type Theme } from './settings';
import { ResourcePanel } from './ResourcePanel';
import { loadChapter, prefetchChapter } from './chapters';
import { Toc, trailTo } from './Toc';
import './reader.css';

const NO_NOTES: ReaderNote[] = [];
const SAVE_EVERY_MS = 30_000;
const IDLE_AFTER_MS = 60_000;

/** The reader (/bookPreview?bookId&chapterId). */
export default function BookPreviewPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const bookId = Number(params.get('bookId'));
  const chapterParam = Number(params.get('chapterId')) || null;
  const member = useSession();
  // Prefetched chapters are kept per reader: a visitor's and a member's never mix.
  const token = member ? 'member' : '';

  const access = useBookAccess(bookId);
  const tree = useSectionTree(bookId);
  const spine = useSpine(bookId);
  const [settings, updateSettings] = useReaderSettings();
  const continuous = settings.continuous;
  const [loaded, setLoaded] = useState<{ id: number; state: ChapterState } | null>(null);
  // Continuous mode: the chapters on the page (the address follows the one in view without reloading).
  const [shown, setShown] = useState<{ ids: number[]; inView: ChapterContent } | null>(null);
  const shownRef = useRef<number[]>([]);
  const [announced, setAnnounced] = useState<ChapterContent | null>(null);
  const state: ChapterState = useMemo(
    () =>
      loaded && (loaded.id === chapterParam || (continuous && shown?.ids.includes(chapterParam ?? -1)))
        ? loaded.state
        : { status: 'loading' },
    [loaded, chapterParam, continuous, shown],
  );
  const readable = state.status === 'ok';
  const notes = useNotes(bookId, member && readable);
  const queryClient = useQueryClient();
  const view = useRef<ChapterHandle>(null);
  const continuousView = useRef<ContinuousHandle>(null);
  const [tocOpen, setTocOpen] = useState(() => window.innerWidth >= 1024);
  const [notesOpen, setNotesOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [resourcesOpen, setResourcesOpen] = useState(false);
  const [selection, setSelection] = useState<SelectionInfo | null>(null);
  const [activeNote, setActiveNote] = useState<ReaderNote | null>(null);
  const [noteDraft, setNoteDraft] = useState<{ selection: SelectionInfo; text: string } | null>(null);
  const [errata, setErrata] = useState<{ selection: SelectionInfo; text: string } | null>(null);
  const [trans, setTrans] = useState<{ text: string; result?: TransResult; failed?: string } | null>(null);
  const [progress, setProgress] = useState(0);
  const pendingAnchor = useRef<ChapterHandle['anchor'] extends () => infer A ? A | null : never>(null);
  const positionAsked = useRef(false);
  const seconds = useRef(0);
  const lastInput = useRef(0);
  /** The chapter being read: in continuous mode the one in view. */
  const current: ChapterContent | null =
    state.status !== 'ok' ? null : continuous && shown?.ids.includes(state.chapter.id) ? shown.inView : state.chapter;
  const chapterId = current ? current.id : chapterParam;

  // A visitor's free preview keeps its trial flag (the route guard lets visitors in only with it).
  const trial = member ? '' : '&trial=1';
  const open = useCallback(
    (id: number, fragment = '') => {
      if (continuous && continuousView.current?.scrollToChapter(id, fragment)) return;
      navigate(`/bookPreview?bookId=${bookId}&chapterId=${id}${trial}${fragment ? `#${fragment}` : ''}`);
    },
    [bookId, navigate, trial, continuous],
  );

  // No chapter in the address: where the member left off, else the first chapter.
  useEffect(() => {
    if (chapterParam || !spine.data) return;
    const first = spine.data[0]?.id;
    const go = (id: number | undefined) =>
      id && navigate(`/bookPreview?bookId=${bookId}&chapterId=${id}${trial}`, { replace: true });
    if (!member) return void go(first);
    void getPosition(bookId)
      .then((p) => {
        if (p) pendingAnchor.current = p.anchor;
        positionAsked.current = true;
        go(p?.chapterId ?? first);
      })
      .catch(() => go(first));
  }, [chapterParam, spine.data, member, bookId, navigate, trial]);

  // The chapter, and on the first one the stored position inside it.
  useEffect(() => {
    if (!chapterParam) return;
    if (!continuous) shownRef.current = [];
    // The address followed the chapter in view: it is on the page already.
    else if (shownRef.current.includes(chapterParam)) return;
    let cancelled = false;
    const setState = (next: ChapterState) => setLoaded({ id: chapterParam, state: next });
    const position = member && !positionAsked.current ? getPosition(bookId).catch(() => null) : Promise.resolve(null);
    positionAsked.current = true;
    void Promise.all([loadChapter(bookId, chapterParam, token), position]).then(([next, pos]) => {
      if (cancelled) return;
      if (pos && pos.chapterId === chapterParam) pendingAnchor.current = pos.anchor;
      setState(next);
      if (next.status === 'ok') setAnnounced(next.chapter);
    });
    return () => {
      cancelled = true;
    };
  }, [bookId, chapterParam, member, continuous, token]);

  // The next chapter is asked for while this one is read, so turning the page shows it at once: when the reader
  // may read it (the book is open to them, or the chapter is a free preview), never to be refused.
  const following = state.status === 'ok' && !continuous ? state.chapter.nextId : null;
  const nextId =
    following && (access.data?.readable || spine.data?.find((c) => c.id === following)?.free) ? following : null;
  useEffect(() => (nextId ? prefetchChapter(bookId, nextId, token) : undefined), [bookId, nextId, token]);

  /** Continuous mode reports what is on the page; the address follows the chapter in view (replace). */
  const onShown = useCallback(
    (ids: number[], inView: ChapterContent) => {
      shownRef.current = ids;
      setShown({ ids, inView });
      if (inView.id !== chapterParam)
        navigate(`/bookPreview?bookId=${bookId}&chapterId=${inView.id}${trial}`, { replace: true });
    },
    [bookId, chapterParam, navigate, trial],
  );

  const spineIndex = spine.data?.findIndex((c) => c.id === chapterId) ?? -1;
  const bookProgress = spine.data?.length && spineIndex >= 0 ? (spineIndex + progress) / spine.data.length : 0;

  const save = useCallback(
    (keepalive = false) => {
      if (!member || !current || !view.current) return;
      const spent = Math.round(seconds.current);
      seconds.current = 0;
      leave(
        {
          bookId,
          chapterId: current.id,
          anchor: view.current.anchor(),
          progress: Math.min(1, Math.max(0, bookProgress)),
          seconds: Math.min(3600, spent),
        },
        keepalive,
      );
    },
    [member, current, bookId, bookProgress],
  );
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  // Active reading time: a visible tab with input in the last minute; saved with the position.
  useEffect(() => {
    const input = () => (lastInput.current = Date.now());
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart', 'scroll'];
    for (const e of events) window.addEventListener(e, input, { passive: true, capture: true });
    const tick = setInterval(() => {
      if (document.visibilityState === 'visible' && Date.now() - lastInput.current < IDLE_AFTER_MS)
        seconds.current += 5;
    }, 5000);
    const periodic = setInterval(() => saveRef.current(), SAVE_EVERY_MS);
    const hide = () => {
      if (document.visibilityState === 'hidden') saveRef.current(true);
    };
    const pagehide = () => saveRef.current(true);
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', pagehide);
    return () => {
      for (const e of events) window.removeEventListener(e, input, { capture: true });
      clearInterval(tick);
      clearInterval(periodic);
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', pagehide);
      saveRef.current(true);
    };
  }, []);

  const chapterNotes = useMemo(
    () => (notes.data ?? []).filter((n) => n.chapterId === chapterId && !n.orphan),
    [notes.data, chapterId],
  );

  const onReady = () => {
    const anchor = pendingAnchor.current;
    pendingAnchor.current = null;
    requestAnimationFrame(() => {
      if (anchor) view.current?.restore(anchor);
      else if (hash) view.current?.scrollToFragment(decodeURIComponent(hash.slice(1)));
      setProgress(view.current?.fraction() ?? 0);
    });
  };

  const throttle = useRef(0);
  const onScroll = () => {
    const now = Date.now();
    if (now - throttle.current < 100) return;
    throttle.current = now;
    setProgress(view.current?.fraction() ?? 0);
    setSelection(null);
  };

  /** Settings that re-flow the text keep the reader on the same words. */
  const changeSettings = (patch: Partial<typeof settings>) => {
    const anchor = view.current?.anchor();
    updateSettings(patch);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (anchor) view.current?.restore(anchor);
        setProgress(view.current?.fraction() ?? 0);
      }),
    );
  };

  const go = (direction: 1 | -1) => {
    if (!current) return;
    const target = direction > 0 ? current.nextId : current.prevId;
    if (target) {
      save();
      open(target);
    }
  };
  const turn = (direction: 1 | -1) => {
    if (!view.current?.turn(direction)) go(direction);
  };

  // Keyboard: arrows and page keys turn, [ ] change chapter, t the contents, n the notes.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, [contenteditable], .ant-modal, .ant-drawer')) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') turn(1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') turn(-1);
      else if (e.key === ']') go(1);
      else if (e.key === '[') go(-1);
      else if (e.key === 't') setTocOpen((o) => !o);
      else if (e.key === 'n' && member) setNotesOpen((o) => !o);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Touch: a horizontal swipe turns the page.
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: React.TouchEvent) => {
    const t = e.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const s = touchStart.current;
    const t = e.changedTouches[0];
    if (!s || !t || selection) return;
    const dx = t.clientX - s.x;
    if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(t.clientY - s.y)) turn(dx < 0 ? 1 : -1);
  };

  const onLink = (href: string) => {
    if (href.startsWith('#')) return view.current?.scrollToFragment(decodeURIComponent(href.slice(1)));
    const url = new URL(href, window.location.origin);
    if (url.origin === window.location.origin && url.pathname === '/bookPreview') {
      const target = Number(url.searchParams.get('chapterId'));
      if (target === chapterId && url.hash)
        return view.current?.scrollToFragment(decodeURIComponent(url.hash.slice(1)));
      if (target) return open(target, url.hash.slice(1));
    }
    if (/^https?:/.test(url.protocol)) window.open(url.href, '_blank', 'noopener,noreferrer');
  };

  const highlight = async (color: string, content = '', from = selection) => {
    if (!from || !current) return;
    if (!member) return openLogin('login');
    await addNote({
      bookId,
      chapterId: current.id,
      quote: from.quote,
      prefix: from.prefix,
      suffix: from.suffix,
      startOffset: from.startOffset,
      endOffset: from.endOffset,
      color: color as (typeof NoteColors)[number],
      content,
    });
    view.current?.clearSelection();
    setSelection(null);
    await notes.refetch();
  };

  /** An edited note replaces the old one at once: the panel and the chapter's highlight colour follow. */
  const saveNote = async (note: ReaderNote, change: { content?: string; color?: (typeof NoteColors)[number] }) => {
    const saved = await updateNote(note.id, change);
    queryClient.setQueryData<ReaderNote[]>(readerKeys.notes(bookId), (list) =>
      list?.map((n) => (n.id === saved.id ? saved : n)),
    );
    message.success(ReaderMsg.NOTE_SAVED);
  };
  const removeNote = async (note: ReaderNote) => {
    await deleteNote(note.id);
    await notes.refetch();
  };

  const lookUp = async (text: string) => {
    setTrans({ text });
    try {
      setTrans({ text, result: await translate(text) });
    } catch (e) {
      setTrans({ text, failed: (e as Error).message });
    }
  };

  const exportNotes = async (type: 1 | 2) => {
    saveFile(await api.download('POST', '/api/reader/note/export', { body: { bookId, type } }));
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

  const toc = tree.data ? <Toc tree={tree.data} chapterId={chapterId ?? 0} onOpen={openSection} /> : <Spin />;
  const wide = typeof window !== 'undefined' && window.innerWidth >= 1024;

  const prompt = (state: ChapterState) => {
    switch (state.status) {
      case 'loading':
        return (
          <div className="reader-state reader-center">
            <Spin />
          </div>
        );
      case 'login':
        return (
          <Result
            className="reader-state"
            status="info"
            title="登录后继续阅读"
            subTitle="本章节需登录并获得阅读权限后阅读；试读章节可直接阅读。"
            extra={
              <Button type="primary" onClick={() => openLogin('login')} data-testid="reader-login">
                登录
              </Button>
            }
          />
        );
      case 'switch':
        return (
          <div className="reader-state">
            <SwitchCollege
              collegeId={state.collegeId}
              collegeName={state.collegeName}
              onSwitched={() => window.location.reload()}
            />
          </div>
        );
      case 'missing':
        return <Result className="reader-state" status="404" title="页面找不到了~" />;
      case 'denied':
        return (
          <Result
            className="reader-state"
            status="403"
            title="暂无阅读权限"
            subTitle="加入班级、获得学校授权、申请样书或购买后即可阅读全书。"
            extra={
              <Link to={`/book-detail?id=${bookId}`}>
                <Button type="primary">查看教材详情</Button>
              </Link>
            }
          />
        );
      default:
        return null;
    }
  };
  const body =
    state.status !== 'ok' ? (
      prompt(state)
    ) : continuous ? (
      <ContinuousView
        key={state.chapter.id}
        ref={(h) => {
          view.current = h;
          continuousView.current = h;
        }}
        first={state.chapter}
        settings={settings}
        notes={notes.data ?? NO_NOTES}
        load={(id) => loadChapter(bookId, id, token)}
        renderStop={prompt}
        onChapters={onShown}
        onAnnounce={setAnnounced}
        titleOf={titleOf}
        onSelection={setSelection}
        onNoteClick={(id) => setActiveNote((notes.data ?? []).find((n) => n.id === id) ?? null)}
        onLink={onLink}
        onReady={onReady}
        onScroll={onScroll}
      />
    ) : (
      <ChapterView
        ref={view}
        chapter={state.chapter}
        settings={settings}
        notes={chapterNotes}
        onSelection={setSelection}
        onNoteClick={(id) => setActiveNote((notes.data ?? []).find((n) => n.id === id) ?? null)}
        onLink={onLink}
        onReady={onReady}
        onScroll={onScroll}
      />
    );

  const toolbarStyle = selection
    ? window.innerWidth < 640
      ? { left: 8, right: 8, bottom: 72 }
      : {
          left: Math.min(window.innerWidth - 360, Math.max(8, selection.rect.left)),
          top: Math.max(56, selection.rect.top - 52),
        }
    : undefined;

  return (
    <div className={`reader reader-theme-${settings.theme}`} style={{ background: THEMES[settings.theme].bg }}>
      <header className="reader-bar" role="banner">
        <Link to={member ? '/list' : `/book-detail?id=${bookId}`} className="reader-back" aria-label="返回">
          ‹ 返回
        </Link>
        <button type="button" className="reader-btn" onClick={() => setTocOpen((o) => !o)} aria-expanded={tocOpen}>
          目录
        </button>
        <div className="reader-trail" aria-label="当前位置">
          <strong className="reader-title">{access.data?.title}</strong>
          {trail.map((n, i) => (
            <span key={n.id}>
              {i > 0 ? <span aria-hidden> / </span> : null}
              {n.title}
            </span>
          ))}
        </div>
        {member ? (
          <button type="button" className="reader-btn" onClick={() => setNotesOpen(true)} data-testid="notes-button">
            笔记{notes.data?.length ? `(${notes.data.length})` : ''}
          </button>
        ) : null}
        <button
          type="button"
          className="reader-btn"
          onClick={() => setSettingsOpen(true)}
          data-testid="settings-button"
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
        {announced ? titleOf(announced) : ''}
      </div>
      <footer className="reader-foot">
        <Button onClick={() => go(-1)} disabled={!current?.prevId} data-testid="prev-chapter">
          上一章
        </Button>
        <div className="reader-progress" aria-label="阅读进度">
          <div className="reader-progress-bar">
            <span style={{ width: `${Math.round(bookProgress * 100)}%` }} />
          </div>
          <span data-testid="book-progress">{Math.round(bookProgress * 100)}%</span>
        </div>
        <Button type="primary" onClick={() => go(1)} disabled={!current?.nextId} data-testid="next-chapter">
          下一章
        </Button>
      </footer>

      {selection ? (
        <div className="reader-toolbar" style={toolbarStyle} role="toolbar" aria-label="选中文字操作">
          {NoteColors.map((c) => (
            <button
              key={c}
              type="button"
              className={`swatch swatch-${c}`}
              aria-label={`${COLOR_LABEL[c]}高亮`}
              data-testid={`highlight-${c}`}
              onClick={() => void highlight(c)}
            />
          ))}
          <button
            type="button"
            onClick={() => (member ? setNoteDraft({ selection, text: '' }) : openLogin('login'))}
            data-testid="add-note"
          >
            笔记
          </button>
          <button type="button" onClick={() => void lookUp(selection.quote.trim())} data-testid="translate">
            翻译
          </button>
          <button
            type="button"
            onClick={() => (member ? setErrata({ selection, text: '' }) : openLogin('login'))}
            data-testid="report-error"
          >
            纠错
          </button>
        </div>
      ) : null}

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

      <Drawer title="我的笔记" open={notesOpen} onClose={() => setNotesOpen(false)} size={380}>
        <div className="notes-actions">
          <Button size="small" onClick={() => void exportNotes(1)} disabled={!notes.data?.length}>
            导出文本
          </Button>
          <Button size="small" onClick={() => void exportNotes(2)} disabled={!notes.data?.length}>
            导出PDF
          </Button>
        </div>
        {!notes.data?.length ? <Empty description="暂无内容" /> : null}
        <ul className="notes-list" data-testid="notes-list">
          {(notes.data ?? []).map((n) => (
            <li key={n.id} className={n.orphan ? 'orphan' : ''}>
              <div className="notes-chapter">{n.orphan ? '未能定位（新版本中已找不到原文）' : n.chapterTitle}</div>
              <button
                type="button"
                className={`notes-quote rd-${n.color}`}
                disabled={n.orphan}
                onClick={() => {
                  setNotesOpen(false);
                  if (n.chapterId === chapterId) view.current?.scrollToNote(n);
                  else open(n.chapterId);
                }}
              >
                {n.quote}
              </button>
              {n.content ? <p className="notes-content">{n.content}</p> : null}
              <Button
                size="small"
                type="link"
                className="notes-edit"
                onClick={() => setActiveNote(n)}
                aria-label={`编辑笔记：${n.quote.slice(0, 20)}`}
                data-testid="edit-note"
              >
                编辑
              </Button>
            </li>
          ))}
        </ul>
      </Drawer>

      <Drawer title="本章资源" open={resourcesOpen} onClose={() => setResourcesOpen(false)} size={380}>
        {resourcesOpen && current ? <ResourcePanel bookId={bookId} chapterId={current.id} /> : null}
      </Drawer>

      <Drawer title="阅读设置" open={settingsOpen} onClose={() => setSettingsOpen(false)} size={340}>
        <section aria-label="阅读设置" className="reader-settings">
          <div className="settings-row">
            <span>字号</span>
            <Button
              aria-label="缩小字号"
              data-testid="font-smaller"
              onClick={() =>
                changeSettings({ fontSize: FONT_SIZES[Math.max(0, FONT_SIZES.indexOf(settings.fontSize) - 1)] ?? 100 })
              }
            >
              A-
            </Button>
            <span data-testid="font-size">{settings.fontSize}%</span>
            <Button
              aria-label="放大字号"
              data-testid="font-larger"
              onClick={() =>
                changeSettings({
                  fontSize:
                    FONT_SIZES[Math.min(FONT_SIZES.length - 1, FONT_SIZES.indexOf(settings.fontSize) + 1)] ?? 100,
                })
              }
            >
              A+
            </Button>
          </div>
          <div className="settings-row">
            <span>行距</span>
            <Slider
              style={{ flex: 1 }}
              min={1.2}
              max={2.4}
              step={0.2}
              value={settings.lineHeight}
              onChange={(v) => changeSettings({ lineHeight: v })}
              aria-label="行距"
            />
          </div>
          <div className="settings-row">
            <span>主题</span>
            <Segmented
              value={settings.theme}
              onChange={(v) => changeSettings({ theme: v as Theme })}
              options={(Object.keys(THEMES) as Theme[]).map((t) => ({ value: t, label: THEMES[t].label }))}
            />
          </div>
          <div className="settings-row">
            <span>翻页</span>
            <Segmented
              value={settings.flow}
              onChange={(v) => changeSettings({ flow: v as Flow })}
              options={[
                { value: 'scrolled', label: '滚动' },
                { value: 'paged', label: '分页' },
              ]}
            />
          </div>
          <div className="settings-row">
            <span id="reader-continuous-label">连续阅读（读屏模式）</span>
            <Switch
              checked={continuous}
              onChange={(v) => changeSettings({ continuous: v })}
              aria-labelledby="reader-continuous-label"
              data-testid="continuous-switch"
            />
          </div>
          <p className="settings-help">
            键盘：← → 翻页，[ ] 切换章节，t 目录，n
            笔记。连续阅读模式把各章依次排在同一页，每章一个标题，适合屏幕阅读器。
          </p>
        </section>
      </Drawer>

      <Modal
        title="添加笔记"
        open={Boolean(noteDraft)}
        onCancel={() => setNoteDraft(null)}
        okText="保存"
        cancelText="取消"
        onOk={async () => {
          if (!noteDraft) return;
          await highlight('yellow', noteDraft.text.trim(), noteDraft.selection);
          setNoteDraft(null);
        }}
      >
        <blockquote className="draft-quote">{noteDraft?.selection.quote}</blockquote>
        <Input.TextArea
          autoFocus
          rows={4}
          maxLength={5000}
          value={noteDraft?.text}
          onChange={(e) => setNoteDraft((d) => (d ? { ...d, text: e.target.value } : d))}
          placeholder="写下你的想法"
          data-testid="note-text"
        />
      </Modal>

      <Modal
        title="纠错"
        open={Boolean(errata)}
        onCancel={() => setErrata(null)}
        okText="提交"
        cancelText="取消"
        onOk={async () => {
          if (!errata || !current) return;
          await reportError({
            bookId,
            chapterId: current.id,
            quote: errata.selection.quote,
            content: errata.text.trim(),
          });
          message.success('提交成功，感谢您的反馈');
          setErrata(null);
        }}
      >
        <blockquote className="draft-quote">{errata?.selection.quote}</blockquote>
        <Input.TextArea
          rows={4}
          maxLength={500}
          value={errata?.text}
          onChange={(e) => setErrata((d) => (d ? { ...d, text: e.target.value } : d))}
          placeholder="请描述错误内容"
        />
      </Modal>

      <Modal title="查词翻译" open={Boolean(trans)} onCancel={() => setTrans(null)} footer={null}>
        <div data-testid="translation">
          <div className="trans-text">{trans?.text}</div>
          {!trans?.result && !trans?.failed ? <Spin /> : null}
          {trans?.failed ? <p>{trans.failed}</p> : null}
          {trans?.result?.translation ? <p className="trans-sentence">{trans.result.translation}</p> : null}
          {trans?.result?.message ? <p className="trans-note">{trans.result.message}</p> : null}
          {trans?.result && !trans.result.entries.length && !trans.result.translation ? <p>词典中未找到该词</p> : null}
          <ul className="trans-entries">
            {trans?.result?.entries.map((e, i) => (
              <li key={i}>
                <strong>{e.simplified}</strong>
                {e.traditional !== e.simplified ? <span className="trans-trad">（{e.traditional}）</span> : null}
                <span className="trans-pinyin">{e.pinyin}</span>
                <div>{e.english.join('; ')}</div>
              </li>
            ))}
          </ul>
          {trans?.result?.provider === 'cc-cedict' ? <p className="trans-source">来源：CC-CEDICT 离线词典</p> : null}
        </div>
      </Modal>

      <NoteEditor note={activeNote} onClose={() => setActiveNote(null)} onSave={saveNote} onDelete={removeNote} />
    </div>
  );
}
