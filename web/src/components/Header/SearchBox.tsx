import { useState, type FormEvent } from 'react';
import { Limits } from '@textbook/contracts';
import { useNavigate } from 'react-router';

/** The search result address for a normal search (type 0) of `text`. */
export function searchHref(text: string): string {
  const value = encodeURIComponent(text);
  return `/search-result?searchText=${value}&type=0&name=${value}`;
}

/** A light search form (no component library: it is on every visitor's first page). */
export function SearchBox({
  placeholder = '搜索教材名称、作者或 ISBN',
  autoFocus,
  size = 'middle',
  onDone,
}: {
  placeholder?: string;
  autoFocus?: boolean;
  size?: 'middle' | 'large';
  onDone?: () => void;
}) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    onDone?.();
    navigate(searchHref(value));
  };
  return (
    <form role="search" className={`search-box search-box-${size}`} onSubmit={submit}>
      <input
        type="search"
        aria-label="搜索"
        value={text}
        maxLength={Limits.SEARCH_MAX}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit">搜索</button>
    </form>
  );
}
