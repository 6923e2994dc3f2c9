import { existsSync, chmodSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { DbTarget } from '@waybill/db';
import { SERVICE_MIGRATIONS } from '../migrate';
import { writeBackup } from './backup';
import { releaseVersion } from './release';

/**
 * The embedded database has one owner, the running demo, so `waybill backup` cannot open it while the
 * demo runs. The demo listens on a Unix socket in its DATA_DIR (mode 600: whoever may read DATA_DIR
 * may back it up), and writes the snapshot there on request.
 */
export const adminSocketPath = (dataDir: string): string => join(dataDir, 'admin.sock');

export async function serveAdminSocket(dataDir: string, db: DbTarget): Promise<{ close(): Promise<void> }> {
  const path = adminSocketPath(dataDir);
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip' });
    writeBackup(db, SERVICE_MIGRATIONS, releaseVersion(), res).catch((err: Error) => res.destroy(err));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  chmodSync(path, 0o600);
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Asks a running demo for its snapshot; false when no demo answers on the socket (it is stopped). */
export function backupThroughSocket(dataDir: string, out: Writable): Promise<boolean> {
  const socketPath = adminSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/backup', method: 'GET' }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`the running demo refused the backup (HTTP ${res.statusCode})`));
        return;
      }
      res.on('error', reject);
      res.pipe(out).on('finish', () => resolve(true)).on('error', reject);
      res.on('aborted', () => reject(new Error('the running demo stopped writing the backup before its end')));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file left by a demo that did not stop cleanly: nobody listens, the database is free.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(false);
      else reject(err);
    });
    req.end();
  });
}

/** Whether a demo runs on this DATA_DIR (its socket accepts a connection). */
export function demoRunning(dataDir: string): Promise<boolean> {
  const path = adminSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const s = connect(path, () => { s.end(); resolve(true); });
    s.on('error', () => resolve(false));
  });
}
