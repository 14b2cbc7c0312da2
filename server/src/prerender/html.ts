/**
 * Markup written on the server: a tagged template whose every interpolation is escaped unless it is markup made
 * by this same template (a `SafeHtml`). Arrays are joined; null, undefined and false write nothing.
 */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | readonly Part[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function write(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.text;
  if (Array.isArray(part)) return part.map(write).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < parts.length; i += 1) out += write(parts[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/**
 * JSON inside a `<script type="application/json">`: `<` is written as `\u003c`, so no text of the data can close
 * the element or open a comment; U+2028/2029 likewise, for any reader that evaluates it.
 */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

/** A link's address, kept only when it is the site's own path or a web address (never `javascript:`). */
export function safeHref(href: string): string {
  return /^(\/(?!\/)|https?:\/\/)/i.test(href) ? href : '/';
}
