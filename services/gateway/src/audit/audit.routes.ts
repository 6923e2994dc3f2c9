import type { Request, Response } from 'express';
import type { AuditLogEntry, AuditLogPage } from '@waybill/contracts';
import { HttpError, InvalidError } from '@waybill/http';
import type { AuditDeps } from './audit.recorder';
import { auditPage, auditSeqExists } from './audit.repository';

export const PAGE_SIZE = 50;
const MAX_LIMIT = 100;

function parseLimit(raw: unknown): number {
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return PAGE_SIZE;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw InvalidError.field('limit', 'A valid positive integer is required.');
  return Math.min(Number(raw), MAX_LIMIT);
}

/** The client's address as people write it (an IPv4 client of a dual-stack socket shows as `::ffff:a.b.c.d`). */
export function clientAddress(ip: string | undefined): string | undefined {
  return ip?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

/**
 * `GET /audit-log` (docs/operations.md#audit-log): the company's entries, newest first, paged like the
 * other long lists (docs/api/pagination.md): `offset` is the cursor of the previous page's last entry.
 */
export async function serveAuditLog(audit: AuditDeps, company: string, req: Request, res: Response): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, `Method "${req.method}" not allowed.`, {}, { Allow: 'GET' });
  const limit = parseLimit(req.query.limit);
  const offset = typeof req.query.offset === 'string' && req.query.offset !== '' ? req.query.offset : null;
  if (offset !== null && (!/^\d{1,18}$/.test(offset) || !await auditSeqExists(audit.db, company, offset))) throw InvalidError.field('offset', `unknown cursor "${offset}".`);
  const page = await auditPage(audit.db, company, offset, limit);
  const results: AuditLogEntry[] = page.rows.map((r) => ({
    at: new Date(r.at).toISOString(), actor: r.actor, action: r.action, target: r.target, source_ip: r.source_ip,
  }));
  let next: string | null = null;
  if (page.more) {
    const base = audit.publicBaseUrl ? audit.publicBaseUrl.replace(/\/$/, '') : `${req.protocol}://${req.header('host') ?? 'localhost'}`;
    const params = new URLSearchParams({ offset: page.rows[page.rows.length - 1].seq, limit: String(limit) });
    next = `${base}${req.baseUrl}/audit-log?${params.toString()}`;
  }
  const body: AuditLogPage = { count: page.count, next, results };
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
}
