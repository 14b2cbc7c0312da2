import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { isPostgresUrl } from '../config.js';
import { sqliteFacts, type SnapshotFacts } from '../db/snapshot.js';
import { migrations } from '../db/migrations/index.js';
import { AREA_FOLDERS, STORAGE_NAME, type FileAreas } from '../adapters/storage/index.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupFilePath,
  MANIFEST,
  MANIFEST_SUM,
  sha256,
  type AreaName,
  type BackupManifest,
} from './backup.js';
import { postgresFacts, postgresRestore, postgresTables } from './postgres-dump.js';

/** A restore that was not started, with what the operator must fix (printed as it is by the CLI). */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreTarget {
  databaseUrl: string;
  files: FileAreas;
}

async function sumOf(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The manifest, after its own checksum, its format and every piece's checksum are checked. */
export async function readBackup(dir: string): Promise<BackupManifest> {
  let text: string;
  let sum: string;
  try {
    text = await fsp.readFile(path.join(dir, MANIFEST), 'utf8');
    sum = (await fsp.readFile(path.join(dir, MANIFEST_SUM), 'utf8')).split(/\s/)[0] ?? '';
  } catch {
    throw new RestoreRefused(`${dir} is not a backup: ${MANIFEST} and ${MANIFEST_SUM} are expected there`);
  }
  if (sha256(text) !== sum) throw new RestoreRefused(`${MANIFEST} does not match ${MANIFEST_SUM}: damaged or edited`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new RestoreRefused(`unknown backup format ${manifest.format} ${manifest.version}`);
  }
  const unknown = manifest.database.migrations.names.filter((name) => !(name in migrations));
  if (unknown.length) {
    throw new RestoreRefused(
      `the backup was made by a newer version of the platform (migrations unknown here: ${unknown.join(', ')})`,
    );
  }
  const pieces = [
    { file: path.join(dir, manifest.database.file), sha256: manifest.database.sha256 },
    ...manifest.files.map((f) => {
      if (!(f.area in AREA_FOLDERS) || !STORAGE_NAME.test(f.name)) throw new RestoreRefused(`bad entry ${f.name}`);
      return { file: backupFilePath(dir, f.area, f.name), sha256: f.sha256 };
    }),
  ];
  for (const piece of pieces) {
    const actual = await sumOf(piece.file).catch(() => 'missing');
    if (actual !== piece.sha256) throw new RestoreRefused(`${piece.file}: checksum mismatch (${actual})`);
  }
  return manifest;
}

/** What the target already holds (a restore goes into an empty database and empty file areas only). */
async function occupied(target: RestoreTarget): Promise<string[]> {
  const found: string[] = [];
  if (isPostgresUrl(target.databaseUrl)) {
    const tables = await postgresTables(target.databaseUrl);
    if (tables.length) found.push(`the database has ${tables.length} tables (${tables.slice(0, 3).join(', ')}…)`);
  } else if (fs.existsSync(target.databaseUrl)) {
    const tables = Object.keys(sqliteFacts(target.databaseUrl).tables);
    if (tables.length) found.push(`${target.databaseUrl} has ${tables.length} tables`);
  }
  for (const area of Object.keys(AREA_FOLDERS) as AreaName[]) {
    for await (const _name of target.files[area].names()) {
      found.push(`the file area ${AREA_FOLDERS[area]} holds files`);
      break;
    }
  }
  return found;
}

async function restoreSqlite(dir: string, manifest: BackupManifest, file: string): Promise<void> {
  await fsp.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  // An empty file (no tables) and its journal go; the copy is written aside and renamed into place.
  for (const suffix of ['', '-wal', '-shm']) await fsp.rm(`${file}${suffix}`, { force: true });
  const aside = `${file}.restoring`;
  await fsp.copyFile(path.join(dir, manifest.database.file), aside);
  await fsp.rename(aside, file);
}

/**
 * Brings a backup back into an empty database and empty file areas (a refusal names what is not empty; nothing
 * is written then). Every checksum is checked first; afterwards the restored database's rows per table are
 * compared with the manifest. A backup of an older version is migrated by the platform's next start.
 */
export async function restoreBackup(dir: string, target: RestoreTarget): Promise<BackupManifest> {
  const manifest = await readBackup(dir);
  const postgres = isPostgresUrl(target.databaseUrl);
  if (postgres !== (manifest.database.kind === 'postgres')) {
    throw new RestoreRefused(
      `the backup holds a ${manifest.database.kind} database; DATABASE_URL names a ${postgres ? 'postgres' : 'sqlite'} one`,
    );
  }
  const found = await occupied(target);
  if (found.length) {
    throw new RestoreRefused(
      `the target is not empty: ${found.join('; ')}. Restore into an empty database and data folder`,
    );
  }
  if (postgres) await postgresRestore(target.databaseUrl, path.join(dir, manifest.database.file));
  else await restoreSqlite(dir, manifest, target.databaseUrl);
  for (const entry of manifest.files) {
    await target.files[entry.area].put(entry.name, await fsp.readFile(backupFilePath(dir, entry.area, entry.name)));
  }
  const restored: SnapshotFacts = postgres ? await postgresFacts(target.databaseUrl) : sqliteFacts(target.databaseUrl);
  const differ = Object.keys({ ...restored.tables, ...manifest.database.tables }).filter(
    (table) => restored.tables[table] !== manifest.database.tables[table],
  );
  if (differ.length) throw new Error(`restored row counts differ from the manifest in ${differ.join(', ')}`);
  return manifest;
}
