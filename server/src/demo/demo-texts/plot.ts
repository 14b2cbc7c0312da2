import { esc } from './tex.js';

/** An SVG plot of functions on a grid, with axes, ticks and labels, drawn to scale. */
export interface Plot {
  x: [number, number];
  y: [number, number];
  width?: number;
  height?: number;
  curves?: {
    f: (x: number) => number;
    from?: number;
    to?: number;
    color?: string;
    dash?: boolean;
    label?: string;
    at?: number;
  }[];
  /** Lines between two points (dashed unless `dash: false`); `arrow` puts a head at `to` (a vector, a force). */
  segments?: { from: [number, number]; to: [number, number]; color?: string; dash?: boolean; arrow?: boolean }[];
  points?: { at: [number, number]; label?: string; open?: boolean; dx?: number; dy?: number }[];
  labels?: { at: [number, number]; text: string; color?: string }[];
  ticks?: { x?: number[]; y?: number[] };
  /** The axes' names, `x` and `y` unless given (an economist's `Q` and `P`). */
  names?: [string, string];
}

/** An SVG coordinate to one decimal. */
export const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** An arrow head at `b` for a line from `a` (SVG coordinates): 8 px long and 6 px wide along the line. */
export function arrowHead(a: [number, number], b: [number, number], color: string): string {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const [ux, uy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  const corner = (side: number) => `${fmt(b[0] - 8 * ux - 3 * side * uy)},${fmt(b[1] - 8 * uy + 3 * side * ux)}`;
  return `<polygon points="${fmt(b[0])},${fmt(b[1])} ${corner(1)} ${corner(-1)}" fill="${color}"/>`;
}

export function plot(p: Plot): string {
  const width = p.width ?? 320;
  const [x0, x1] = p.x;
  const [y0, y1] = p.y;
  const scale = (width - 40) / (x1 - x0);
  // One unit is as long on both axes unless a height is given (then y has its own scale).
  const height = p.height ?? Math.round((y1 - y0) * scale + 40);
  const yScale = p.height ? (p.height - 40) / (y1 - y0) : scale;
  const X = (x: number) => 20 + (x - x0) * scale;
  const Y = (y: number) => height - 20 - (y - y0) * yScale;
  const out: string[] = [];
  const axisY = Math.min(Math.max(0, y0), y1);
  const axisX = Math.min(Math.max(0, x0), x1);
  out.push(
    `<line x1="${fmt(X(x0) - 8)}" y1="${fmt(Y(axisY))}" x2="${fmt(X(x1) + 12)}" y2="${fmt(Y(axisY))}" stroke="currentColor" stroke-width="1"/>`,
    `<polygon points="${fmt(X(x1) + 16)},${fmt(Y(axisY))} ${fmt(X(x1) + 8)},${fmt(Y(axisY) - 3)} ${fmt(X(x1) + 8)},${fmt(Y(axisY) + 3)}" fill="currentColor"/>`,
    `<line x1="${fmt(X(axisX))}" y1="${fmt(Y(y0) + 8)}" x2="${fmt(X(axisX))}" y2="${fmt(Y(y1) - 12)}" stroke="currentColor" stroke-width="1"/>`,
    `<polygon points="${fmt(X(axisX))},${fmt(Y(y1) - 16)} ${fmt(X(axisX) - 3)},${fmt(Y(y1) - 8)} ${fmt(X(axisX) + 3)},${fmt(Y(y1) - 8)}" fill="currentColor"/>`,
    `<text x="${fmt(X(x1) + 10)}" y="${fmt(Y(axisY) + 14)}" font-size="12" font-style="italic" fill="currentColor">${esc(p.names?.[0] ?? 'x')}</text>`,
    `<text x="${fmt(X(axisX) + 6)}" y="${fmt(Y(y1) - 8)}" font-size="12" font-style="italic" fill="currentColor">${esc(p.names?.[1] ?? 'y')}</text>`,
    `<text x="${fmt(X(axisX) - 10)}" y="${fmt(Y(axisY) + 13)}" font-size="11" fill="currentColor">O</text>`,
  );
  for (const t of p.ticks?.x ?? [])
    out.push(
      `<line x1="${fmt(X(t))}" y1="${fmt(Y(axisY))}" x2="${fmt(X(t))}" y2="${fmt(Y(axisY) - 4)}" stroke="currentColor"/>`,
      `<text x="${fmt(X(t))}" y="${fmt(Y(axisY) + 14)}" font-size="11" text-anchor="middle" fill="currentColor">${esc(fmtTick(t))}</text>`,
    );
  for (const t of p.ticks?.y ?? [])
    out.push(
      `<line x1="${fmt(X(axisX))}" y1="${fmt(Y(t))}" x2="${fmt(X(axisX) + 4)}" y2="${fmt(Y(t))}" stroke="currentColor"/>`,
      `<text x="${fmt(X(axisX) - 5)}" y="${fmt(Y(t) + 4)}" font-size="11" text-anchor="end" fill="currentColor">${esc(fmtTick(t))}</text>`,
    );
  for (const c of p.curves ?? []) {
    const from = c.from ?? x0;
    const to = c.to ?? x1;
    const steps = 160;
    let d = '';
    let pen = false;
    for (let k = 0; k <= steps; k += 1) {
      const x = from + ((to - from) * k) / steps;
      const y = c.f(x);
      if (!Number.isFinite(y) || y < y0 - 0.5 || y > y1 + 0.5) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${fmt(X(x))} ${fmt(Y(y))}`;
      pen = true;
    }
    const color = c.color ?? '#1677ff';
    out.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="2"${c.dash ? ' stroke-dasharray="5 4"' : ''}/>`,
    );
    if (c.label) {
      const at = c.at ?? to;
      out.push(
        `<text x="${fmt(X(at) + 4)}" y="${fmt(Y(c.f(at)) - 4)}" font-size="12" fill="${color}">${esc(c.label)}</text>`,
      );
    }
  }
  for (const s of p.segments ?? []) {
    const color = s.color ?? 'currentColor';
    const [ax, ay, bx, by] = [X(s.from[0]), Y(s.from[1]), X(s.to[0]), Y(s.to[1])];
    out.push(
      `<line x1="${fmt(ax)}" y1="${fmt(ay)}" x2="${fmt(bx)}" y2="${fmt(by)}" stroke="${color}" stroke-width="${s.arrow ? 1.6 : 1}"${s.dash === false || s.arrow ? '' : ' stroke-dasharray="4 3"'}/>`,
    );
    if (s.arrow) out.push(arrowHead([ax, ay], [bx, by], color));
  }
  for (const pt of p.points ?? []) {
    out.push(
      `<circle cx="${fmt(X(pt.at[0]))}" cy="${fmt(Y(pt.at[1]))}" r="3" fill="${pt.open ? 'none' : 'currentColor'}" stroke="currentColor" stroke-width="1.2"/>`,
    );
    if (pt.label)
      out.push(
        `<text x="${fmt(X(pt.at[0]) + (pt.dx ?? 6))}" y="${fmt(Y(pt.at[1]) + (pt.dy ?? -6))}" font-size="12" fill="currentColor">${esc(pt.label)}</text>`,
      );
  }
  for (const l of p.labels ?? [])
    out.push(
      `<text x="${fmt(X(l.at[0]))}" y="${fmt(Y(l.at[1]))}" font-size="12" fill="${l.color ?? 'currentColor'}">${esc(l.text)}</text>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">${out.join('')}</svg>`;
}

const PI_TICKS: [number, string][] = [
  [Math.PI, 'π'],
  [Math.PI / 2, 'π/2'],
  [2 * Math.PI, '2π'],
  [(3 * Math.PI) / 2, '3π/2'],
];
/** A tick label: multiples of π by name, other numbers as they are (with a true minus sign). */
function fmtTick(t: number): string {
  const named = PI_TICKS.find(([v]) => Math.abs(Math.abs(t) - v) < 1e-9);
  if (named) return (t < 0 ? '−' : '') + named[1];
  return String(t).replace('-', '−');
}
