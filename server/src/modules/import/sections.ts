import type { Heading } from './sanitize.js';
import type { TocEntry } from './toc.js';

/** A section of the book's tree before it is stored: chapter by spine position, anchor inside it. */
export interface SectionDraft {
  title: string;
  chapterSeq: number | null;
  anchor: string;
  children: SectionDraft[];
}

export function fromToc(
  entries: TocEntry[],
  seqOfPath: Map<string, number>,
  titleOf: (seq: number) => string,
): SectionDraft[] {
  return entries.map((e) => {
    const seq = e.path ? (seqOfPath.get(e.path) ?? null) : null;
    return {
      title: e.title || (seq !== null ? titleOf(seq) : '') || '（无标题）',
      chapterSeq: seq,
      anchor: seq !== null ? e.fragment : '',
      children: fromToc(e.children, seqOfPath, titleOf),
    };
  });
}

/**
 * The table of contents when the book has no usable nav or NCX: the headings of each document
 * (its two highest levels), or one entry per document when it has none.
 */
export function fromHeadings(
  chapters: { seq: number; title: string; headings: Heading[]; linear: boolean }[],
): SectionDraft[] {
  const out: SectionDraft[] = [];
  for (const ch of chapters) {
    if (!ch.linear) continue;
    const top = Math.min(...ch.headings.map((h) => h.level));
    const used = ch.headings.filter((h) => h.level <= top + 1);
    if (!used.length) {
      out.push({ title: ch.title || `第${ch.seq + 1}部分`, chapterSeq: ch.seq, anchor: '', children: [] });
      continue;
    }
    let parent: SectionDraft | null = null;
    for (const h of used) {
      const draft: SectionDraft = { title: h.title, chapterSeq: ch.seq, anchor: h.id, children: [] };
      if (h.level === top || !parent) {
        out.push(draft);
        parent = draft;
      } else {
        parent.children.push(draft);
      }
    }
  }
  return out;
}

export function countSections(drafts: SectionDraft[]): number {
  return drafts.reduce((n, d) => n + 1 + countSections(d.children), 0);
}
