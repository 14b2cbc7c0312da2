import { arrowHead, esc, fmt } from './markup.js';

/**
 * SVG diagrams of data structures for the demo books (plot() in markup.ts draws functions; these draw boxes,
 * nodes and pointers): a row of cells, a linked list, a network of nodes and edges, a binary tree. Lines and
 * text are drawn in currentColor, so a diagram reads on the reader's dark theme too.
 */

type Point = [number, number];

const svg = (width: number, height: number, parts: string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}" height="${fmt(height)}" viewBox="0 0 ${fmt(width)} ${fmt(height)}" role="img">${parts.join('')}</svg>`;
const text = (at: Point, label: string, size = 13, color = 'currentColor') =>
  `<text x="${fmt(at[0])}" y="${fmt(at[1])}" font-size="${size}" text-anchor="middle" dominant-baseline="central" fill="${color}">${esc(label)}</text>`;
const rect = (x: number, y: number, w: number, h: number, fill = 'none') =>
  `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="${fill}" stroke="currentColor" stroke-width="1.2"/>`;

/** A line from `a` to `b` with an arrow head at `b` (8 px long, 6 px wide); dashed if asked. */
function arrow(a: Point, b: Point, opts: { head?: boolean; dash?: boolean; color?: string } = {}): string {
  const color = opts.color ?? 'currentColor';
  const line = `<line x1="${fmt(a[0])}" y1="${fmt(a[1])}" x2="${fmt(b[0])}" y2="${fmt(b[1])}" stroke="${color}" stroke-width="1.2"${opts.dash ? ' stroke-dasharray="4 3"' : ''}/>`;
  return opts.head === false ? line : line + arrowHead(a, b, color);
}

/** A row of cells (a sequential list in memory): a value in each, optional labels above and below. */
export function cells(items: string[], opts: { above?: string[]; below?: string[]; cell?: number } = {}): string {
  const w = opts.cell ?? 44;
  const top = opts.above ? 22 : 8;
  const parts = items.flatMap((item, k) => {
    const x = 10 + k * w;
    return [
      rect(x, top, w, 30, item ? 'none' : 'rgba(128,128,128,0.15)'),
      text([x + w / 2, top + 15], item),
      opts.above?.[k] ? text([x + w / 2, top - 10], opts.above[k]!, 11) : '',
      opts.below?.[k] ? text([x + w / 2, top + 44], opts.below[k]!, 11) : '',
    ];
  });
  return svg(20 + items.length * w, top + (opts.below ? 60 : 46), parts);
}

/**
 * A singly linked list: a head pointer named `head`, nodes of a data field and a next field joined by arrows,
 * ∧ (NULL) in the last node's next field. An empty item is a head node (its data field shaded); `⋯` stands for
 * the nodes left out.
 */
export function linkedList(items: string[], opts: { head?: string; circular?: boolean } = {}): string {
  const [dataW, nextW, h, gap, left] = [46, 24, 30, 34, 56];
  const y = opts.circular ? 14 : 12;
  const node = dataW + nextW;
  const xOf = (k: number) => left + k * (node + gap);
  const mid = y + h / 2;
  const parts: string[] = [];
  if (opts.head) parts.push(text([14, mid], opts.head, 13), arrow([26, mid], [left, mid]));
  items.forEach((item, k) => {
    const x = xOf(k);
    // ⋯ stands for the nodes left out: no box, the arrows pass through it.
    const gap = item === '⋯';
    if (gap) parts.push(text([x + node / 2, mid], item, 14));
    else {
      parts.push(rect(x, y, dataW, h, item ? 'none' : 'rgba(128,128,128,0.15)'), rect(x + dataW, y, nextW, h));
      if (item) parts.push(text([x + dataW / 2, mid], item));
    }
    const from: Point = gap ? [x + node / 2 + 14, mid] : [x + dataW + nextW / 2, mid];
    if (k + 1 < items.length) parts.push(arrow(from, [xOf(k + 1), mid]));
    else if (!opts.circular) parts.push(text(from, '∧', 14));
  });
  let height = y + h + 12;
  if (opts.circular && items.length) {
    // The last node's pointer goes down, back along the bottom and up into the first node.
    const last = xOf(items.length - 1) + dataW + nextW / 2;
    const low = y + h + 16;
    parts.push(
      arrow([last, mid], [last, low], { head: false }),
      arrow([last, low], [left + dataW / 2, low], { head: false }),
      arrow([left + dataW / 2, low], [left + dataW / 2, y + h]),
    );
    height = low + 10;
  }
  return svg(xOf(items.length) - gap + 12, height, parts);
}

export interface Network {
  width: number;
  height: number;
  nodes: { at: Point; label: string; note?: string; square?: boolean }[];
  /** Edges by node index; `arrow` puts a head at `to`, `label` is written beside the middle. */
  edges?: { from: number; to: number; arrow?: boolean; label?: string }[];
  /** Free text, and ellipses drawn around a group (a set). */
  labels?: { at: Point; text: string }[];
  rings?: { at: Point; rx: number; ry: number }[];
}

const R = 14;

/** Nodes (circles, or squares for leaves that carry a weight) joined by edges trimmed to the node's rim. */
export function network(n: Network): string {
  const parts: string[] = [];
  for (const ring of n.rings ?? [])
    parts.push(
      `<ellipse cx="${fmt(ring.at[0])}" cy="${fmt(ring.at[1])}" rx="${fmt(ring.rx)}" ry="${fmt(ring.ry)}" fill="none" stroke="currentColor" stroke-dasharray="4 3"/>`,
    );
  for (const e of n.edges ?? []) {
    const a = n.nodes[e.from]!.at;
    const b = n.nodes[e.to]!.at;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const [ux, uy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    parts.push(arrow([a[0] + R * ux, a[1] + R * uy], [b[0] - R * ux, b[1] - R * uy], { head: e.arrow ?? false }));
    if (e.label) {
      // Beside the middle of the edge, on its outer side (left of a left edge, right of a right one).
      const side = ux < 0 ? -1 : 1;
      parts.push(text([(a[0] + b[0]) / 2 + side * 9, (a[1] + b[1]) / 2 - 6], e.label, 11, '#d46b08'));
    }
  }
  for (const node of n.nodes) {
    const [x, y] = node.at;
    parts.push(
      node.square
        ? rect(x - R, y - R, 2 * R, 2 * R, 'none')
        : `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${R}" fill="none" stroke="currentColor" stroke-width="1.2"/>`,
      text([x, y], node.label),
    );
    if (node.note) parts.push(text([x, y + R + 11], node.note, 11, '#1677ff'));
  }
  for (const l of n.labels ?? []) parts.push(text(l.at, l.text, 12));
  return svg(n.width, n.height, parts);
}

/** A binary tree: a label, optional children, and the label of the edge from its parent (a Huffman code bit). */
export interface Tree {
  label: string;
  left?: Tree;
  right?: Tree;
  edge?: string;
  note?: string;
  square?: boolean;
}

/** A binary tree laid out by in-order position (x) and depth (y), so no two nodes overlap. */
export function binaryTree(root: Tree, opts: { gap?: number; level?: number } = {}): string {
  const gap = opts.gap ?? 36;
  const level = opts.level ?? 52;
  const nodes: Network['nodes'] = [];
  const edges: NonNullable<Network['edges']> = [];
  let order = 0;
  let depth = 0;
  const place = (t: Tree, d: number): number => {
    const left = t.left ? place(t.left, d + 1) : -1;
    const index = nodes.length;
    nodes.push({ at: [24 + order++ * gap, 24 + d * level], label: t.label, note: t.note, square: t.square });
    depth = Math.max(depth, d);
    if (left >= 0) edges.push({ from: index, to: left, label: t.left!.edge });
    if (t.right) edges.push({ from: index, to: place(t.right, d + 1), label: t.right.edge });
    return index;
  };
  place(root, 0);
  const notes = nodes.some((n) => n.note) ? 16 : 0;
  return network({ width: 48 + (order - 1) * gap, height: 48 + depth * level + notes, nodes, edges });
}
