import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openFileAreas } from '../adapters/storage/areas.js';
import { writeBackup } from './backup.js';
import { restoreBackup, RestoreRefused } from './restore.js';

const USAGE = `usage:
  npm run backup [-- --to <folder>]   a backup of DATABASE_URL and the stored files, into BACKUP_DIR (or <folder>)
  npm run restore -- <backup folder>  brings a backup back into the empty DATABASE_URL and file areas`;

/** `npm run backup` and `npm run restore` (server/src/ops/backup.ts, restore.ts); safe while the platform serves. */
async function main(args: string[]): Promise<void> {
  const config = loadConfig();
  const areas = openFileAreas(config);
  try {
    const [command, ...rest] = args;
    if (command === 'backup' && (rest.length === 0 || (rest.length === 2 && rest[0] === '--to'))) {
      const parent = rest[1] ? path.resolve(rest[1]) : config.backup.dir;
      const started = Date.now();
      const { dir, manifest } = await writeBackup({ databaseUrl: config.databaseUrl, files: areas.files }, parent);
      const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Backup written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${manifest.database.kind}, ` +
          `${Object.keys(manifest.database.tables).length} tables, ${rows} rows, ${manifest.files.length} files ` +
          `(migration ${manifest.database.migrations.latest ?? 'none'}).`,
      );
    } else if (command === 'restore' && rest.length === 1) {
      const manifest = await restoreBackup(path.resolve(rest[0]!), {
        databaseUrl: config.databaseUrl,
        files: areas.files,
      });
      console.log(
        `Restored the backup of ${manifest.createdAt}: ${Object.keys(manifest.database.tables).length} tables ` +
          `(row counts checked), ${manifest.files.length} files (checksums checked). The next start migrates it ` +
          `to this version if it is older.`,
      );
    } else {
      console.error(USAGE);
      process.exitCode = 2;
    }
  } finally {
    areas.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof RestoreRefused) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
