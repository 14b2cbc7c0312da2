import { describe, expect, it } from 'vitest';
import { sanitizeChapter } from './sanitize.js';

const links = { chapterUrl: () => null, assetUrl: () => null };
const html = (body: string) => sanitizeChapter(`<html><body>${body}</body></html>`, 'c.xhtml', links).html;
const decode = (out: string) => {
  const m = /src="data:image\/svg\+xml;base64,([^"]+)"/.exec(out);
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : null;
};

describe('SVG images written as data: URLs', () => {
  it('are kept, their drawing cleaned of what runs or loads', () => {
    const drawing =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
      '<circle cx="5" cy="5" r="4" fill="red"/><image href="http://evil.example/x.png"/><use href="#c"/>' +
      '<foreignObject><p>x</p></foreignObject></svg>';
    const base64 = html(`<img alt="圆" src="data:image/svg+xml;base64,${Buffer.from(drawing).toString('base64')}"/>`);
    const kept = decode(base64);
    expect(kept).toContain('<circle cx="5" cy="5" r="4" fill="red"');
    expect(kept).toContain('<use href="#c"');
    expect(kept).not.toMatch(/onload|script|alert|evil|foreignObject/);
    const encoded = html(`<img src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawing)}"/>`);
    expect(decode(encoded)).toContain('<circle');
    // Not an SVG drawing, or not an image: still dropped.
    expect(html('<img src="data:image/svg+xml;base64,bm90IHN2Zw=="/>')).not.toContain('data:');
    expect(html('<img src="data:text/html;base64,PHN2Zz4="/>')).not.toContain('data:');
  });
});
