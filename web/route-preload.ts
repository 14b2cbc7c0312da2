import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { ANTD_PROVIDER } from './chunk-groups';

/** The app's starter (start/start-app.js), inlined without its comments and indentation. */
function starter(src: string): string {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'start', 'start-app.js');
  const code = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n');
  return code.replace(/\(SRC\);$/, `(${JSON.stringify(src)});`);
}

/**
 * Route pages are lazy chunks: without help the browser learns of the current page's chunk only after the
 * main bundle has run. This build step writes a small inline script into index.html that maps each page
 * (web/src/pages/<route>/index.tsx, the personal centre's web/src/pages/my/<item>/index.tsx with MyLayout, and
 * /login with the login dialog it opens) to its chunk, the
 * chunks that imports and their CSS (with antd's provider and its chunks when they draw antd: router.tsx loads
 * it beside such a page), and preloads those of the address being opened, so they download alongside the main
 * bundle. Files the entry already preloads are left out. It also puts the entry's stylesheet
 * ahead of the entry's script and modulepreload links. Every preload is `crossorigin`, as Vite's own stylesheet
 * and module links are: a preload in another credentials mode is not used (and the browser warns of it).
 * The server's visitor pages (server/src/prerender) learn each page's stylesheets from `prerender.json`, written
 * beside index.html.
 */
export function routePreload(): Plugin {
  const pageCss: Record<string, { css: string[] }> = {};
  return {
    name: 'route-preload',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) {
        fs.writeFileSync(path.join(options.dir, 'prerender.json'), `${JSON.stringify({ routes: pageCss })}\n`);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const walk = (file: string, seen: Set<string>) => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep, seen);
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = entry ? walk(entry.fileName, new Set()) : new Set<string>();
        for (const file of [...inEntry])
          for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) inEntry.add(css);

        const files: string[] = [];
        const at = (file: string) => {
          const name = file.replace(/^assets\//, '');
          if (!files.includes(name)) files.push(name);
          return files.indexOf(name);
        };
        // antd's provider, which router.tsx loads beside a page that draws antd (src/ui/withAntd.ts).
        const provider = chunks.find((c) => ANTD_PROVIDER.test(c.facadeModuleId ?? ''));
        const drawsAntd = (file: string) =>
          byFile.get(file)?.moduleIds.some((id) => /[\\/]node_modules[\\/]antd[\\/]/.test(id)) ?? false;
        const routes: Record<string, number[]> = {};
        const chunkOf = (module: RegExp) => chunks.find((c) => c.isDynamicEntry && module.test(c.facadeModuleId ?? ''));
        // What a page draws at once beside its own chunk: /login opens the login dialog (router/AppRoot.tsx loads
        // it when asked), a personal-centre page is drawn inside MyLayout.
        const dialog = chunkOf(/[\\/]src[\\/]components[\\/]LoginDialog[\\/]LoginDialog\.tsx$/);
        const myLayout = chunkOf(/[\\/]src[\\/]layouts[\\/]MyLayout\.tsx$/);
        const alongside = (route: string) =>
          route === 'login' ? [dialog] : route === 'my' || route.startsWith('my/') ? [myLayout] : [];
        const pageChunks = chunks.flatMap((chunk) => {
          const route = /\/src\/pages\/((?:my\/)?[^/]+)\/index\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return route && chunk.isDynamicEntry ? [{ route, chunk }] : [];
        });
        // /my alone opens the first item of the member's menu, which only the app knows: its layout meanwhile.
        if (myLayout) pageChunks.push({ route: 'my', chunk: myLayout });
        for (const { route, chunk } of pageChunks) {
          const list = new Set<number>();
          const needed = walk(chunk.fileName, new Set());
          for (const extra of alongside(route)) if (extra) walk(extra.fileName, needed);
          if (provider && [...needed].some(drawsAntd)) walk(provider.fileName, needed);
          for (const file of needed) {
            if (!inEntry.has(file)) list.add(at(file));
            for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? [])
              if (!inEntry.has(css)) list.add(at(css));
          }
          routes[route] = [...list];
          pageCss[route] = { css: [...list].map((i) => files[i]!).filter((f) => f.endsWith('.css')) };
          if (route === 'index') routes[''] = routes[route];
        }
        const script =
          // On a visitor page written on the server the page's stylesheets are already linked, and its modules
          // wait for the app's start (`tb-modulepreload`, see start/start-app.js).
          `<script>(function(f,m){var p=document.documentElement.hasAttribute('data-prerendered');` +
          `var r=m[location.pathname.replace(/^\\/+|\\/+$/g,'')];if(r)r.forEach(function(i){` +
          `var l=document.createElement('link');if(/\\.css$/.test(f[i])){if(p)return;l.rel='preload';l.as='style'}` +
          `else{l.rel=p?'tb-modulepreload':'modulepreload'}l.crossOrigin='';l.href='/assets/'+f[i];` +
          `document.head.appendChild(l)})})(` +
          `${JSON.stringify(files)},${JSON.stringify(routes)})</script>`;
        // The entry's stylesheet goes first, before Vite's dozens of modulepreload links, so that it is not queued
        // behind them: the browser can then paint the static header of index.html while the scripts download.
        // The page's own files are asked for last (the script runs once the stylesheet is in).
        const styles = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        for (const style of styles) html = html.replace(style, '');
        // The entry is started by the starter script (start/start-app.js): after the first frame for the web app's
        // own page, at the visitor's first touch for a page written on the server.
        html = html.replace(
          /<script type="module" crossorigin src="([^"]+)"><\/script>/,
          (_, src: string) =>
            `<script type="module">${starter(src)}</script>\n` +
            `    <link rel="modulepreload" crossorigin href="${src}">`,
        );
        // Any other module script would run the app at once, before the visitor's first touch.
        if (/<script type="module" crossorigin src=/.test(html)) throw new Error('index.html: a second entry script');
        return html
          .replace('</title>', `</title>\n    ${styles.map((l) => l.trim()).join('\n    ')}`)
          .replace('</head>', `  ${script}\n  </head>`);
      },
    },
  };
}
