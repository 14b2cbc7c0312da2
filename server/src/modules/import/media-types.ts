const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
  'text/css': '.css',
  'font/woff': '.woff',
  'font/woff2': '.woff2',
  'application/font-woff': '.woff',
  'font/otf': '.otf',
  'font/ttf': '.ttf',
  'application/vnd.ms-opentype': '.otf',
  'application/x-font-ttf': '.ttf',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/ogg': '.ogg',
  'audio/opus': '.opus',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'application/javascript': '.js',
  'text/javascript': '.js',
  'application/x-dtbncx+xml': '.ncx',
  'application/xhtml+xml': '.xhtml',
};

/** Extension for a generated storage name (letters and digits only, from the declared media type). */
export function extensionFor(mediaType: string): string {
  return EXTENSIONS[mediaType] ?? '.bin';
}

/** What the asset route may answer with; anything else is served as a download of bytes. */
export const SERVABLE = new Set(Object.keys(EXTENSIONS).filter((t) => !t.includes('javascript')));
