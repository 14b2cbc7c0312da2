import type { ReactNode } from 'react';
import { plainClick } from './plainClick';

/**
 * A filter drawn as the server's chips (`.prerender-chip`, prerender.css): a link to the list so filtered, the
 * chosen one marked (aria-current); `onPick` takes a plain click.
 */
export function Chip({
  checked,
  href,
  onPick,
  children,
}: {
  checked: boolean;
  href: string;
  onPick: () => void;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={`prerender-chip${checked ? ' is-checked' : ''}`}
      aria-current={checked ? 'true' : undefined}
      onClick={(e) => plainClick(e) && onPick()}
    >
      {children}
    </a>
  );
}
