import './content.css';

/**
 * Rich text from the server. It was sanitized when saved (server/src/modules/content/sanitize.ts: no scripts,
 * handlers, frames or forms), so it is rendered as HTML here.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function formatDate(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
