// PNG pictures made in the journeys (covers, avatars): RGB rows, deflated, chunk CRCs by zlib.
import zlib from 'node:zlib';

/** A PNG of width × height whose pixel at (x, y) is `colour(x, y)` as [r, g, b]. */
export function png(width: number, height: number, colour: (x: number, y: number) => readonly number[]): Buffer {
  const row = (y: number) => {
    const line = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) line.set(colour(x, y), 1 + x * 3);
    return line;
  };
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => row(y)));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
