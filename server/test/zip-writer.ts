// ZIP containers written by hand, for the tests of what the importer must refuse: entries compressed with a
// method EPUB forbids (real bzip2 streams, not relabelled Deflate) and archives split into segments, as Info-ZIP's
// `zip -Z bzip2` and `zip -s` make them. Used by the API tests and the W3C conformance journey (which re-packs the
// suite's ocf-zip-comp and ocf-zip-mult books the way the suite publishes them). No external tool needed.
import { unzipSync } from 'fflate';
import { crc32, deflateRawSync } from 'node:zlib';

export const STORED = 0;
export const DEFLATE = 8;
export const BZIP2 = 12;

export interface ZipEntry {
  name: string;
  data: Uint8Array;
  /** STORED, DEFLATE or BZIP2; DEFLATE when left out (`mimetype` is always stored). */
  method?: number;
}

// --- bzip2 -------------------------------------------------------------------------------------------------

const BZ_CRC = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    table[i] = c >>> 0;
  }
  return table;
})();

class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private count = 0;
  write(bits: number, value: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >>> i) & 1);
      if (++this.count === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.count = 0;
      }
    }
  }
  /** 32-bit values in two halves (the shifts above work on 31 bits safely). */
  write32(value: number): void {
    this.write(16, value >>> 16);
    this.write(16, value & 0xffff);
  }
  end(): Uint8Array {
    if (this.count) this.bytes.push(this.acc << (8 - this.count));
    return new Uint8Array(this.bytes);
  }
}

/** The first run-length stage: runs of 4 to 255 equal bytes become 4 bytes and a count. */
function runLengths(data: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.length;) {
    let run = 1;
    while (i + run < data.length && data[i + run] === data[i] && run < 255) run++;
    if (run >= 4) out.push(data[i]!, data[i]!, data[i]!, data[i]!, run - 4);
    else for (let k = 0; k < run; k++) out.push(data[i]!);
    i += run;
  }
  return out;
}

/** Burrows–Wheeler transform by prefix doubling: the last column and where the original rotation sorted to. */
function bwt(s: number[]): { last: number[]; origin: number } {
  const n = s.length;
  const order = s.map((_, i) => i);
  let rank = [...s];
  for (let k = 1; ; k *= 2) {
    const key = (i: number) => [rank[i]!, rank[(i + k) % n]!] as const;
    order.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
    const next = new Array<number>(n);
    next[order[0]!] = 0;
    for (let j = 1; j < n; j++) {
      const [p, q] = [key(order[j - 1]!), key(order[j]!)];
      next[order[j]!] = next[order[j - 1]!]! + (p[0] !== q[0] || p[1] !== q[1] ? 1 : 0);
    }
    rank = next;
    if (rank[order[n - 1]!] === n - 1 || k >= n) break;
  }
  return { last: order.map((i) => s[(i + n - 1) % n]!), origin: order.indexOf(0) };
}

function writeBlock(w: BitWriter, raw: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of raw) crc = ((crc << 8) ^ BZ_CRC[(crc >>> 24) ^ b]!) >>> 0;
  crc = ~crc >>> 0;
  const { last, origin } = bwt(runLengths(raw));
  const used = [...new Set(last)].sort((a, b) => a - b);
  // Move-to-front, zero runs as RUNA/RUNB (bijective base 2), others as position + 1, then end of block.
  const mtf = [...used.keys()];
  const symbols: number[] = [];
  let zeros = 0;
  const flush = () => {
    for (let z = zeros - 1; zeros > 0; z = (z - 2) >> 1) {
      symbols.push(z & 1);
      if (z < 2) break;
    }
    zeros = 0;
  };
  for (const byte of last) {
    const j = mtf.indexOf(used.indexOf(byte));
    if (j === 0) {
      zeros++;
      continue;
    }
    flush();
    mtf.unshift(...mtf.splice(j, 1));
    symbols.push(j + 1);
  }
  flush();
  const alphabet = used.length + 2;
  symbols.push(alphabet - 1);
  // One complete prefix code of near-equal lengths (valid bzip2, not the smallest): canonical, as decoders rebuild it.
  const long = Math.ceil(Math.log2(alphabet));
  const shorter = 2 ** long - alphabet;
  const lengths = Array.from({ length: alphabet }, (_, i) => (i < shorter ? long - 1 : long));
  const codes: number[] = [];
  for (let len = long - 1, code = 0; len <= long; len++, code <<= 1) {
    lengths.forEach((l, i) => l === len && (codes[i] = code++));
  }
  w.write(24, 0x314159);
  w.write(24, 0x265359);
  w.write32(crc);
  w.write(1, 0);
  w.write(24, origin);
  const groups = Array.from({ length: 16 }, (_, g) => used.filter((b) => b >> 4 === g));
  w.write(
    16,
    groups.reduce((m, g, i) => (g.length ? m | (0x8000 >> i) : m), 0),
  );
  for (const g of groups)
    if (g.length)
      w.write(
        16,
        g.reduce((m, b) => m | (0x8000 >> (b & 15)), 0),
      );
  const selectors = Math.ceil(symbols.length / 50);
  w.write(3, 2);
  w.write(15, selectors);
  for (let i = 0; i < selectors; i++) w.write(1, 0);
  for (let table = 0; table < 2; table++) {
    let current = lengths[0]!;
    w.write(5, current);
    for (const l of lengths) {
      for (; current < l; current++) w.write(2, 2);
      for (; current > l; current--) w.write(2, 3);
      w.write(1, 0);
    }
  }
  for (const s of symbols) w.write(lengths[s]!, codes[s]!);
  return crc;
}

/** A bzip2 stream (`BZh9`, blocks of up to 100 kB of input) that `bzip2 -d` reads back. */
export function bzip2(data: Uint8Array): Uint8Array {
  const w = new BitWriter();
  for (const c of 'BZh9') w.write(8, c.charCodeAt(0));
  let combined = 0;
  for (let at = 0; at < data.length; at += 100_000) {
    const crc = writeBlock(w, data.subarray(at, at + 100_000));
    combined = (((combined << 1) | (combined >>> 31)) ^ crc) >>> 0;
  }
  w.write(24, 0x177245);
  w.write(24, 0x385090);
  w.write32(combined);
  return w.end();
}

// --- the container -------------------------------------------------------------------------------------------

/**
 * Writes a ZIP archive. With `segmentBytes`, it is split as `zip -s` splits: the first segment starts with the
 * split marker, each record names the segment (disk) it starts on and its offset there, and the last segment
 * holds the central directory and the end record; answers the segments in order (one when not split).
 */
export function writeZip(entries: ZipEntry[], options: { segmentBytes?: number } = {}): Uint8Array[] {
  const limit = options.segmentBytes ?? Infinity;
  const segments: number[][] = [[]];
  const last = () => segments[segments.length - 1]!;
  /** Writes bytes; a header (`whole`) is never split and starts a new segment when it would not fit. */
  const write = (bytes: Uint8Array, whole: boolean) => {
    if (whole && last().length && last().length + bytes.length > limit) segments.push([]);
    const at = { disk: segments.length - 1, offset: last().length };
    for (const b of bytes) {
      if (!whole && last().length >= limit) segments.push([]);
      last().push(b);
    }
    return at;
  };
  const le = (...fields: [number, 2 | 4][]) => {
    const out = new Uint8Array(fields.reduce((n, [, size]) => n + size, 0));
    const view = new DataView(out.buffer);
    let at = 0;
    for (const [value, size] of fields) {
      if (size === 2) view.setUint16(at, value, true);
      else view.setUint32(at, value, true);
      at += size;
    }
    return out;
  };
  const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

  if (Number.isFinite(limit)) write(le([0x08074b50, 4]), true);
  const central: Uint8Array[] = [];
  for (const entry of entries) {
    const method = entry.name === 'mimetype' ? STORED : (entry.method ?? DEFLATE);
    const packed = method === DEFLATE ? deflateRawSync(entry.data) : method === BZIP2 ? bzip2(entry.data) : entry.data;
    const name = new TextEncoder().encode(entry.name);
    // version needed, flags (UTF-8 names), method, time, date (1980-01-01), crc, sizes, name length, extra length
    const common: [number, 2 | 4][] = [
      [method === BZIP2 ? 46 : 20, 2],
      [0x0800, 2],
      [method, 2],
      [0, 2],
      [0x21, 2],
      [crc32(entry.data), 4],
      [packed.length, 4],
      [entry.data.length, 4],
      [name.length, 2],
      [0, 2],
    ];
    const at = write(concat(le([0x04034b50, 4], ...common), name), true);
    write(packed, false);
    // made by (Unix, 3.0), the common fields, comment length, disk, internal and external attributes, offset
    const tail: [number, 2 | 4][] = [
      [0, 2],
      [at.disk, 2],
      [0, 2],
      [0, 4],
      [at.offset, 4],
    ];
    central.push(concat(le([0x02014b50, 4], [0x031e, 2], ...common, ...tail), name));
  }
  // The central directory and the end record together, on the last segment.
  const directory = concat(...central);
  const start = write(directory, true);
  const end: [number, 2 | 4][] = [
    [0x06054b50, 4],
    [start.disk, 2],
    [start.disk, 2],
    [central.length, 2],
    [central.length, 2],
    [directory.length, 4],
    [start.offset, 4],
    [0, 2],
  ];
  last().push(...le(...end));
  return segments.map((s) => new Uint8Array(s));
}

/**
 * An EPUB's own files packed again: every entry but `mimetype` with `method`, the archive split into segments of
 * `segmentBytes` when given (as `zip -X -Z bzip2` and `zip -s 64k` pack them); answers the segments in order.
 */
export function repack(epub: Uint8Array, options: { method?: number; segmentBytes?: number }): Uint8Array[] {
  const files = unzipSync(epub, { filter: (f) => !f.name.endsWith('/') });
  return writeZip(
    Object.entries(files).map(([name, data]) => ({ name, data, method: options.method })),
    options,
  );
}
