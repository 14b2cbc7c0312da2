import './content.css';

/**
 * Rich text from the server. It was sanitized when saved (server/src/modules/content/sanitize.ts: no scripts,
 * handlers, frames or forms), so it is rendered as HTML here.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
