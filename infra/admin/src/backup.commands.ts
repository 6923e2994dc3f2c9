import { createReadStream, createWriteStream, existsSync, renameSync, unlinkSync } from 'node:fs';
import type { Command } from 'commander';
import { out } from './output';
import { openTarget } from './target';
import { SERVICE_MIGRATIONS } from './migrate';
import { backupThroughSocket, demoRunning } from './backup/admin-socket';
import { writeBackup } from './backup/backup';
import { releaseVersion } from './backup/release';
import { restoreBackup } from './backup/restore';

/** Written to `<file>.partial` and renamed when complete: a file named `<file>` is always a whole backup. */
async function written(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    renameSync(partial, file);
  } catch (err) {
    if (existsSync(partial)) unlinkSync(partial);
    throw err;
  }
}

/** `waybill backup --out <file>` and `waybill restore <file>`: see docs/operations.md (Backups). */
export function registerBackupCommands(program: Command): void {
  program.command('backup').requiredOption('--out <file>', 'where to write the backup (gzip-compressed JSON lines)')
    .description('write a consistent snapshot of every service\'s data while Waybill runs (never the encryption key)')
    .action(async (o: { out: string }) => {
      const opts = program.opts<{ databaseUrl?: string; dataDir?: string }>();
      const embedded = !(opts.databaseUrl ?? process.env.DATABASE_URL);
      const dataDir = opts.dataDir ?? process.env.DATA_DIR ?? './.data';
      let through = 'database';
      await written(o.out, async (partial) => {
        if (embedded && await backupThroughSocket(dataDir, createWriteStream(partial))) {
          through = 'running demo';
          return;
        }
        const t = await openTarget(opts);
        try {
          await writeBackup(t.target, SERVICE_MIGRATIONS, releaseVersion(), createWriteStream(partial));
        } finally {
          await t.close();
        }
      });
      out({ backup: o.out, version: releaseVersion(), through });
    });

  program.command('restore <file>')
    .description('load a backup into an empty database or DATA_DIR (the demo stopped), then apply this release\'s later migrations')
    .action(async (file: string) => {
      if (!existsSync(file)) throw new Error(`${file}: no such file`);
      const opts = program.opts<{ databaseUrl?: string; dataDir?: string }>();
      if (!(opts.databaseUrl ?? process.env.DATABASE_URL) && await demoRunning(opts.dataDir ?? process.env.DATA_DIR ?? './.data')) {
        throw new Error('the demo is running on this DATA_DIR: stop it, and restore into an empty DATA_DIR');
      }
      const t = await openTarget(opts);
      try {
        out({ restored: file, ...(await restoreBackup(t.target, SERVICE_MIGRATIONS, createReadStream(file))) });
      } finally {
        await t.close();
      }
    });
}
