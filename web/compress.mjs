// Writes .br and .gz beside every compressible file of the build, so the server sends them
// precompressed (@fastify/static preCompressed) instead of compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = new URL('./dist/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|txt)$/;
let count = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const data = fs.readFileSync(file);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      count += 1;
    }
  }
}

walk(dist);
console.log(`precompressed ${count} files (br, gz)`);
