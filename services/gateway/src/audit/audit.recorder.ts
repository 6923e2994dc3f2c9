import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import type { GatewayDb } from '../credentials/credentials.table';
import type { Principal } from '../auth/authenticator';
import { createdId, type AuditedChange } from './audit.actions';
import { recordAudit } from './audit.repository';

/** What the edge needs to keep and serve the audit log. */
export interface AuditDeps {
  db: Kysely<GatewayDb>;
  logger: Logger;
  publicBaseUrl?: string;
}

/** The answer is read for the created id only; a longer body (none is) is not kept. */
const MAX_ANSWER_BYTES = 64 * 1024;

type End = ServerResponse['end'];
type Write = ServerResponse['write'];

/**
 * Records an audited change once its service has answered it with a 2xx, before the answer's last
 * byte leaves: a client that reads the log right after a change finds it there. The recording holds
 * back only the end of the response; a failure to record is logged and the answer still goes out (the
 * change itself is done by then and cannot be undone).
 */
export function recordWhenAnswered(audit: AuditDeps, res: ServerResponse, change: AuditedChange, principal: Principal, sourceIp: string | undefined): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown) => {
    if (change.target !== 'answer' || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size <= MAX_ANSWER_BYTES) chunks.push(b);
  };
  const write = res.write as (...a: unknown[]) => boolean;
  const end = res.end as (...a: unknown[]) => ServerResponse;
  res.write = ((...args: unknown[]) => {
    keep(args[0]);
    return write.apply(res, args);
  }) as Write;
  res.end = ((...args: unknown[]) => {
    keep(args[0]);
    res.end = end as End;
    if (res.statusCode < 200 || res.statusCode >= 300) return end.apply(res, args);
    const target = change.target === 'answer' ? (size <= MAX_ANSWER_BYTES ? createdId(Buffer.concat(chunks)) : null) : change.target;
    void record(audit, principal, change.action, target, sourceIp ?? null)
      .catch((err: unknown) => audit.logger.error({ err, action: change.action, company: principal.company }, 'audit log entry not recorded'))
      .finally(() => end.apply(res, args));
    return res;
  }) as End;
}

/**
 * The name the log shows for a principal: a user's name as it is, a token's or key's label (never its
 * value, which is not stored anyway), read with the credential itself so recording costs one insert.
 */
export function actorOf(p: Principal): string {
  const colon = p.principal.indexOf(':');
  const [kind, id] = [p.principal.slice(0, colon), p.principal.slice(colon + 1)];
  if (kind === 'user') return id;
  return kind === 'token' || kind === 'key' ? `${kind}:${p.label ?? id}` : p.principal;
}

async function record(audit: AuditDeps, principal: Principal, action: string, target: string | null, sourceIp: string | null): Promise<void> {
  const actor = actorOf(principal);
  await recordAudit(audit.db, { company: principal.company, actor, principal: principal.principal, action, target, sourceIp });
}
