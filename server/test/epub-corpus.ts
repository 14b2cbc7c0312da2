import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';

/** The repository root; the shared corpus sits beside it (`../shared/data/epub`), in CI as here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CORPUS = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'epub');

/**
 * Whether the tests of the shared corpus run here. Outside CI a clone without `../shared` beside it skips them
 * (saying so once); under CI (`CI=true`) a missing corpus fails, so a broken checkout cannot pass by skipping.
 */
export function corpusAvailable(): boolean {
  if (fs.existsSync(CORPUS) || process.env.CI === 'true') return true;
  console.warn(
    `[corpus] skipped: the shared EPUB corpus is not at ${CORPUS} (../shared/data/epub beside the repository)`,
  );
  return false;
}

/** Every .epub of the shared corpus, as paths relative to it, sorted. */
export function corpusFiles(): string[] {
  if (!fs.existsSync(CORPUS)) {
    throw new Error(
      `The shared EPUB corpus is missing: expected it at ${CORPUS} (../shared/data/epub beside the repository).`,
    );
  }
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.epub')) out.push(path.relative(CORPUS, full));
    }
  };
  walk(CORPUS);
  return out.sort();
}

export const readCorpus = (file: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(CORPUS, file)));

export interface FlatEntry {
  depth: number;
  title: string;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The table of contents as the book itself states it, read independently of the importer: the toc nav's
 * list items (EPUB 3) or the NCX navPoints (EPUB 2), flattened with their depth.
 */
export function statedToc(bytes: Uint8Array, kind: 'nav' | 'ncx'): FlatEntry[] {
  const files = unzipSync(bytes);
  const text = (name: string) => new TextDecoder().decode(files[name]);
  const container = text('META-INF/container.xml');
  const opfPath = /full-path="([^"]+)"/.exec(container)![1]!;
  const opf = parseDocument(text(opfPath), { xmlMode: true });
  const items = DomUtils.findAll((el) => el.name.replace(/^opf:/, '') === 'item', opf.children);
  const base = path.posix.dirname(opfPath) === '.' ? '' : path.posix.dirname(opfPath);
  const hrefOf = (el: Element) => path.posix.join(base, decodeURIComponent(el.attribs.href!));
  const out: FlatEntry[] = [];
  if (kind === 'nav') {
    const navItem = items.find((el) => (el.attribs.properties ?? '').split(/\s+/).includes('nav'))!;
    const doc = parseDocument(text(hrefOf(navItem)));
    const navs = DomUtils.findAll((el) => el.name === 'nav', doc.children);
    const toc = navs.find((n) => (n.attribs['epub:type'] ?? '').includes('toc')) ?? navs[0]!;
    const list = DomUtils.findOne((el) => el.name === 'ol' || el.name === 'ul', toc.children)!;
    const walk = (ol: Element, depth: number) => {
      for (const li of ol.children as Element[]) {
        if (li.type !== 'tag' || li.name !== 'li') continue;
        const kids = li.children.filter((c): c is Element => c.type === 'tag');
        const label = kids.find((c) => c.name === 'a' || c.name === 'span');
        const sub = kids.find((c) => c.name === 'ol' || c.name === 'ul');
        if (!label) continue;
        const img = DomUtils.findOne((el) => el.name === 'img', label.children);
        out.push({
          depth,
          title:
            clean(DomUtils.textContent(label)) || clean(label.attribs.title ?? img?.attribs.alt ?? '') || '（无标题）',
        });
        if (sub) walk(sub, depth + 1);
      }
    };
    walk(list, 1);
  } else {
    const ncxItem = items.find((el) => el.attribs['media-type'] === 'application/x-dtbncx+xml')!;
    const doc = parseDocument(text(hrefOf(ncxItem)), { xmlMode: true });
    const navMap = DomUtils.findOne((el) => el.name === 'navMap', doc.children)!;
    const walk = (parent: Element, depth: number) => {
      for (const point of parent.children as Element[]) {
        if (point.type !== 'tag' || point.name !== 'navPoint') continue;
        const label = DomUtils.findOne((el) => el.name === 'text', point.children);
        out.push({ depth, title: clean(label ? DomUtils.textContent(label) : '') || '（无标题）' });
        walk(point, depth + 1);
      }
    };
    walk(navMap, 1);
  }
  return out;
}

export interface TreeNode {
  title: string;
  chapterId: number | null;
  anchor: string;
  level: number;
  free: boolean;
  children: TreeNode[];
}

export function flatten(nodes: TreeNode[], out: (FlatEntry & { node: TreeNode })[] = []) {
  for (const n of nodes) {
    out.push({ depth: n.level, title: n.title, node: n });
    flatten(n.children, out);
  }
  return out;
}
