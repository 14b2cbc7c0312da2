import { useEffect, useRef, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Limits } from '@textbook/contracts';
import { Link } from 'react-router';
import { SearchBox } from './SearchBox';

/**
 * The header's hover search panel (spec §2): search box, advanced-search link and the condition links for
 * subject (key 1) and collection (key 4). It closes 500 ms after the mouse leaves both trigger and panel.
 */
export function SearchPanel() {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const enter = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const leave = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), Limits.SEARCH_PANEL_CLOSE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // A visitor's page written on the server is replaced by the app while the pointer may already rest on the
  // trigger: no mouseenter comes then, so the panel opens as the pointer is found there.
  const trigger = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The browser finds what is under a still pointer at the next frame after the page changed.
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (trigger.current?.matches(':hover')) setOpen(true);
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  const close = () => setOpen(false);

  return (
    <div
      ref={trigger}
      className="search-trigger"
      // A mouse's hover opens and closes it; a finger's tap toggles it with the button (a tap's compatibility
      // mouseenter would open it just before the click shut it again).
      onPointerEnter={(e) => e.pointerType === 'mouse' && enter()}
      onPointerLeave={(e) => e.pointerType === 'mouse' && leave()}
      data-testid="search-trigger"
    >
      <button
        type="button"
        className="header-icon-button"
        aria-label="搜索"
        aria-expanded={open}
        data-replay="search"
        onClick={() => setOpen((o) => !o)}
      >
        <SearchOutlined />
      </button>
      {open && (
        <div className="search-panel" role="dialog" aria-label="搜索" data-testid="search-panel">
          <SearchBox autoFocus onDone={close} placeholder="搜索教材、作者、ISBN" />
          <div className="search-panel-links">
            <Link to="/search?type=1" onClick={close}>
              高级搜索
            </Link>
            <Link to="/textbook?conditionKey=1" onClick={close}>
              按学科浏览
            </Link>
            <Link to="/textbook?conditionKey=4" onClick={close}>
              按丛书浏览
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
