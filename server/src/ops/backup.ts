import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isPostgresUrl } from '../config.js';
import { sqliteSnapshot, type SnapshotFacts } from '../db/snapshot.js';
import { AREA_FOLDERS, fannedOut, type FileAreas } from '../adapters/storage/index.js';
import { postgresSnapshot } from './postgres-dump.js';

/**
 * `npm run backup` and the scheduled backup (issue 35): the database as of one moment, then every stored file, in
 * a folder of its own with a manifest (what is there, with a SHA-256 of every piece) and the manifest's own
 * checksum. See docs/decisions/0077-backups-and-metrics.md.
 *
 * Order: the database first, then the files. A file is always written before the row that names it, and names are
 * never rewritten, so every file the database copy names was already stored when the files are listed (a file
 * stored after the snapshot is copied too, harmless: nothing names it).
 */
export const BACKUP_FORMAT = 'textbook-platform-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
/** The manifest's SHA-256 (hex), so a damaged or edited manifest is refused before anything is restored. */
export const MANIFEST_SUM = 'manifest.sha256';
/** Completed backups are folders named `backup-<UTC time>-<random>`; a partial one starts with a dot. */
export const BACKUP_NAME = /^backup-\d{8}T\d{6}Z-[0-9a-f]{6}$/;

export type AreaName = keyof FileAreas;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** ISO time the database copy was taken. */
  createdAt: string;
  database: {
    kind: 'sqlite' | 'postgres';
    /** The copy, beside the manifest: a SQLite file or a pg_dump custom-format dump. */
    file: string;
    bytes: number;
    sha256: string;
    /** Migration level: the applied migrations (Kysely's names), and the last of them by name. */
    migrations: { count: number; latest: string | null; names: string[] };
    /** Rows per table in the copy. */
    tables: Record<string, number>;
  };
  /** Every stored file, under `files/<area folder>/<fan-out>/<name>` beside the manifest. */
  files: { area: AreaName; name: string; bytes: number; sha256: string }[];
}

export interface BackupSource {
  databaseUrl: string;
  files: FileAreas;
  /** How the SQLite copy is made (the scheduled job: a worker thread); default here, synchronously. */
  sqliteCopy?: (input: { source: string; target: string }) => Promise<SnapshotFacts>;
}

export interface WrittenBackup {
  dir: string;
  manifest: BackupManifest;
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** Where a stored file lives inside a backup folder. */
export const backupFilePath = (dir: string, area: AreaName, name: string) =>
  path.join(dir, 'files', AREA_FOLDERS[area], fannedOut(name));

function folderName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `backup-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Copies one stored file into the backup, hashing it on the way; false when it was deleted meanwhile. */
async function copyStored(files: FileAreas, area: AreaName, name: string, target: string) {
  const opened = await files[area].open(name);
  if (!opened) return undefined;
  const hash = createHash('sha256');
  let bytes = 0;
  await fsp.mkdir(path.dirname(target), { recursive: true });
  await pipeline(
    opened.body,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
    fs.createWriteStream(target),
  );
  return { area, name, bytes, sha256: hash.digest('hex') };
}

async function fileSum(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Writes a backup into a new folder under `parent` and answers it. The folder is written under a dot-name and
 * renamed when complete: a folder named `backup-…` is always whole. A failure removes the partial folder.
 */
export async function writeBackup(source: BackupSource, parent: string, now = new Date()): Promise<WrittenBackup> {
  const name = folderName(now);
  const dir = path.join(parent, name);
  const partial = path.join(parent, `.${name}.partial`);
  await fsp.mkdir(partial, { recursive: true });
  try {
    const kind = isPostgresUrl(source.databaseUrl) ? 'postgres' : 'sqlite';
    const file = kind === 'postgres' ? 'database.dump' : 'database.sqlite';
    const target = path.join(partial, file);
    const facts =
      kind === 'postgres'
        ? await postgresSnapshot(source.databaseUrl, target)
        : await (source.sqliteCopy ?? (async (input) => sqliteSnapshot(input)))({
            source: source.databaseUrl,
            target,
          });
    const files: BackupManifest['files'] = [];
    for (const area of Object.keys(AREA_FOLDERS) as AreaName[]) {
      for await (const stored of source.files[area].names()) {
        const copied = await copyStored(source.files, area, stored, backupFilePath(partial, area, stored));
        if (copied) files.push(copied);
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      database: {
        kind,
        file,
        ...(await fileSum(target)),
        migrations: {
          count: facts.migrations.length,
          latest: facts.migrations.at(-1) ?? null,
          names: facts.migrations,
        },
        tables: facts.tables,
      },
      files,
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    await fsp.writeFile(path.join(partial, MANIFEST), text);
    await fsp.writeFile(path.join(partial, MANIFEST_SUM), `${sha256(text)}  ${MANIFEST}\n`);
    await fsp.rename(partial, dir);
    return { dir, manifest };
  } catch (err) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Keeps the newest `keep` complete backups in `parent` and removes the older ones (folders named as this module
 * names them, nothing else); answers how many were removed.
 */
export async function pruneBackups(parent: string, keep: number): Promise<number> {
  const names = (await fsp.readdir(parent).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await fsp.rm(path.join(parent, name), { recursive: true, force: true });
  return old.length;
}
