import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageName, type Storage } from './index.js';

/** Files in one folder, fanned out by the first two characters so no folder grows too large. */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(name: string): string {
    assertStorageName(name);
    return path.join(this.root, name.slice(0, 2), name);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true });
  }
}
