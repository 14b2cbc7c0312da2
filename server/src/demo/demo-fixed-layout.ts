import { packEpub } from '../modules/import/index.js';
import { chapter1Figures as ch1 } from './demo-texts/gdsx-1.js';
import { chapter2Figures as ch2 } from './demo-texts/gdsx-2.js';
import { chapter3Figures as ch3 } from './demo-texts/gdsx-3.js';
import { chapter4Figures as ch4 } from './demo-texts/gdsx-4.js';

/**
 * A fixed-layout (pre-paginated) demo textbook (issue 32): 微积分图解, the figures of the demo 高等数学 (the
 * project's own, demo-texts/gdsx-*.ts) one to a page, each page a 600×800 XHTML document laid out with absolute
 * positions the way a designer's page is, in spreads (rendition:spread auto, page-spread-left/right), with a
 * table of contents by chapter and a page list. Its pages must be shown as designed, never reflowed.
 */
const WIDTH = 600;
const HEIGHT = 800;

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CHAPTERS: { title: string; figures: Record<string, string> }[] = [
  { title: '第一章 函数与极限', figures: ch1 },
  { title: '第二章 导数与微分', figures: ch2 },
  { title: '第三章 微分中值定理与导数的应用', figures: ch3 },
  { title: '第四章 不定积分', figures: ch4 },
];

const STYLE = `html, body { margin: 0; padding: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
body { position: relative; font-family: serif; color: #1f1f1f; background: #fffdf7; }
.band { position: absolute; left: 0; top: 0; width: ${WIDTH}px; height: 64px; background: #1e3a8a; }
.running { position: absolute; top: 22px; font-size: 15px; color: #ffffff; margin: 0; }
.running.book { left: 40px; }
.running.chapter { right: 40px; text-align: right; }
.plate { position: absolute; left: 50px; top: 120px; width: 500px; height: 470px; display: flex; align-items: center; justify-content: center; }
.plate figure { margin: 0; }
.plate svg { width: 460px; height: auto; max-height: 380px; color: #1f1f1f; }
.plate figcaption { display: none; }
.caption { position: absolute; left: 60px; top: 610px; width: 480px; margin: 0; font-size: 17px; line-height: 1.7; }
.caption b { color: #1e3a8a; }
.folio { position: absolute; bottom: 28px; width: 60px; margin: 0; font-size: 14px; color: #666666; }
.folio.left { left: 40px; }
.folio.right { right: 40px; text-align: right; }
.cover { background: #1e3a8a; color: #ffffff; }
.cover h1 { position: absolute; left: 60px; top: 250px; width: 480px; margin: 0; font-size: 54px; letter-spacing: 6px; }
.cover .sub { position: absolute; left: 64px; top: 350px; width: 480px; margin: 0; font-size: 20px; opacity: 0.85; }
.cover .who { position: absolute; left: 64px; bottom: 90px; margin: 0; font-size: 18px; }`;

function page(title: string, body: string, bodyClass = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="zh-CN" xml:lang="zh-CN">
<head><meta charset="utf-8"/><meta name="viewport" content="width=${WIDTH}, height=${HEIGHT}"/><title>${esc(title)}</title>
<link rel="stylesheet" type="text/css" href="page.css"/></head>
<body${bodyClass ? ` class="${bodyClass}"` : ''}>${body}</body></html>`;
}

/** The figure's caption as its figcaption says it: its label (图 1-2) and what it shows. */
function captionOf(figure: string): { label: string; text: string } {
  const raw = /<figcaption>([\s\S]*?)<\/figcaption>/.exec(figure)?.[1] ?? '';
  const plain = raw.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
  const [label, ...rest] = plain.split(/[\u3000\u2002]/);
  return { label: label ?? '', text: rest.join(' ') };
}

export function writeFixedLayoutEpub(): Uint8Array {
  const pages: { name: string; xhtml: string; title: string; chapter?: number }[] = [];
  pages.push({
    name: 'cover.xhtml',
    title: '封面',
    xhtml: page(
      '微积分图解',
      '<h1>微积分图解</h1><p class="sub">函数、导数与积分的图像，一图一页</p><p class="who">李明\u3000王芳\u3000编绘</p>',
      'cover',
    ),
  });
  for (const [c, chapter] of CHAPTERS.entries()) {
    for (const figure of Object.values(chapter.figures)) {
      const number = pages.length; // the cover is unnumbered: the first plate is page 1
      const side = number % 2 === 0 ? 'right' : 'left';
      const { label, text } = captionOf(figure);
      pages.push({
        name: `p${number}.xhtml`,
        title: `${label} ${text}`.slice(0, 60),
        chapter: c,
        xhtml: page(
          label,
          `<div class="band"></div><p class="running book">微积分图解</p><p class="running chapter">${esc(chapter.title)}</p>` +
            `<div class="plate">${figure}</div>` +
            `<p class="caption"><b>${esc(label)}</b>\u3000${esc(text)}</p>` +
            `<p class="folio ${side}" epub:type="pagebreak" id="page${number}" aria-label="${number}">${number}</p>`,
        ),
      });
    }
  }
  const firstOf = (c: number) => pages.find((p) => p.chapter === c)!;
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="zh-CN">
<head><meta charset="utf-8"/><title>目录</title></head>
<body><nav epub:type="toc" id="toc"><h1>目录</h1><ol>
<li><a href="cover.xhtml">封面</a></li>
${CHAPTERS.map((ch, c) => `<li><a href="${firstOf(c).name}">${esc(ch.title)}</a></li>`).join('\n')}
</ol></nav>
<nav epub:type="page-list" id="page-list" hidden=""><ol>
${pages
  .slice(1)
  .map((p, i) => `<li><a href="${p.name}#page${i + 1}">${i + 1}</a></li>`)
  .join('\n')}
</ol></nav></body></html>`;
  // The cover stands alone on the right (a left-to-right book opens on a recto); the plates pair up after it.
  const spine = pages
    .map((p, i) => `<itemref idref="pg${i}" properties="page-spread-${i % 2 === 0 ? 'right' : 'left'}"/>`)
    .join('\n');
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="zh-CN"
  prefix="rendition: http://www.idpf.org/vocab/rendition/#">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">urn:textbook:demo:gdsx-tujie</dc:identifier>
<dc:identifier>urn:isbn:9787000000165</dc:identifier>
<dc:title>微积分图解</dc:title>
<dc:creator>李明</dc:creator>
<dc:creator>王芳</dc:creator>
<dc:publisher>示范大学出版社</dc:publisher>
<dc:language>zh-CN</dc:language>
<dc:date>2025-03-01</dc:date>
<dc:description>高等数学（上册）的函数图像、切线与微分、中值定理和积分曲线族，一图一页，按印刷版面排定（固定版式）。</dc:description>
<meta property="dcterms:modified">2025-03-01T00:00:00Z</meta>
<meta property="rendition:layout">pre-paginated</meta>
<meta property="rendition:spread">auto</meta>
<meta property="rendition:orientation">auto</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="page.css" media-type="text/css"/>
${pages.map((p, i) => `<item id="pg${i}" href="${p.name}" media-type="application/xhtml+xml"${i === 0 ? '' : ' properties="svg"'}/>`).join('\n')}
</manifest>
<spine page-progression-direction="ltr">
${spine}
</spine>
</package>`;
  return packEpub({
    'OEBPS/content.opf': opf,
    'OEBPS/nav.xhtml': nav,
    'OEBPS/page.css': STYLE,
    ...Object.fromEntries(pages.map((p) => [`OEBPS/${p.name}`, p.xhtml])),
  });
}
