import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fannedOut, STORAGE_NAME, type ByteRange, type OpenedFile, type Storage, type StoredFile } from './index.js';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Size and modification time, as nginx tags files: the same on every instance that shares the folder. */
function factsOf(stats: { size: number; mtimeMs: number }): StoredFile {
  return { size: stats.size, etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"` };
}

/** Files in one folder, fanned out by the first two characters so no folder grows too large. */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(name: string): string {
    return path.join(this.root, fannedOut(name));
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const temporary = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file);
    } catch (err) {
      await fs.rm(temporary, { force: true });
      throw err;
    }
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(name));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true });
  }

  async stat(name: string): Promise<StoredFile | null> {
    try {
      return factsOf(await fs.stat(this.pathOf(name)));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async open(name: string, range?: ByteRange): Promise<OpenedFile | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(name), 'r');
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    try {
      // The facts and the bytes come from one open file, so they agree even if the name is deleted meanwhile.
      const file = factsOf(await handle.stat());
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { file, body };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async *names(): AsyncIterable<string> {
    const folders = await fs.readdir(this.root, { withFileTypes: true }).catch((err: unknown) => {
      if (missing(err)) return [];
      throw err;
    });
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      for (const name of await fs.readdir(path.join(this.root, folder.name))) {
        // A file being written (`<name>.<random>.part`) is not a stored name yet.
        if (STORAGE_NAME.test(name) && name.startsWith(folder.name)) yield name;
      }
    }
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
  }
}
