import { PermanentJobError, Queues, type Job } from '@waybill/jobs';
import { isLanguage } from '@waybill/i18n';
import type { NotificationsDeps } from '../deps';
import { findSettings } from '../settings/settings.repository';
import { isUnsubscribed } from '../unsubscribe/unsubscribe.repository';
import { unsubscribeToken } from '../unsubscribe/unsubscribe.token';
import { MailRefused } from './mailer';
import { composeMessage } from './message';
import { claim, findNotification, record } from './notification.repository';
import { mailCounter } from './send.metrics';

const SEND = 'send';
interface SendJob { id: string }

/** Queues one e-mail's sending; the job id is the e-mail's, so it is queued once however often this runs. */
export async function enqueueSend(deps: NotificationsDeps, id: string): Promise<void> {
  await deps.jobs.enqueue<SendJob>(Queues.notificationMail, SEND, { id }, { jobId: `mail:${id}`, attempts: deps.config.attempts, backoffMs: deps.config.backoffMs });
}

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/**
 * One attempt at one e-mail. Claimed first (`sending`, committed), so no other attempt can send it; a job
 * that finds it `sending` belongs to an attempt that died mid-send, and marks it `interrupted` rather
 * than risk a second copy. A 4xx refusal or an outage is `retrying` and the job's backoff tries again;
 * a 5xx is `failed` for good. Logs carry the e-mail's id and outcome, never its address or content.
 */
async function attempt(deps: NotificationsDeps, job: Job<SendJob>): Promise<void> {
  const n = await claim(deps.db, job.data.id);
  if (!n) {
    const seen = await findNotification(deps.db, job.data.id);
    if (seen?.outcome === 'sending') await record(deps.db, seen.id, 'interrupted', 'The sender stopped during an attempt; not sent again, so never twice.');
    return;
  }
  const log = deps.logger.child({ notification: n.id, company: n.company, event: n.event });
  let recipient;
  let message;
  try {
    const [r, settings, branding, unsubscribed] = await Promise.all([
      deps.db.selectFrom('recipients').selectAll().where('company', '=', n.company).where('identifier', '=', n.consignment_identifier).executeTakeFirst(),
      findSettings(deps.db, n.company), deps.branding(n.company), isUnsubscribed(deps.db, deps.keys, n.company, n.to_address),
    ]);
    if (unsubscribed || !r) {
      await record(deps.db, n.id, unsubscribed ? 'unsubscribed' : 'failed', unsubscribed ? null : 'The consignment is no longer known.');
      return;
    }
    recipient = r;
    const fromAddress = addressOf(deps.config.mailFrom);
    message = composeMessage({
      id: n.id, event: n.event, language: isLanguage(n.language) ? n.language : 'en', recipient, settings, branding, company: n.company, fromAddress,
      unsubscribeUrl: `${deps.publicUrl}/notifications/unsubscribe/${unsubscribeToken(deps.keys, n.id)}`,
      unsubscribeMailto: deps.config.unsubscribeMailto ?? fromAddress,
    });
  } catch (err) {
    // Not sent: the settings or branding could not be read. Try again later.
    await record(deps.db, n.id, 'retrying', 'Could not prepare the e-mail; will try again.');
    throw err;
  }
  try {
    await deps.mailer.send(n.to_address, message);
  } catch (err) {
    const refusal = err instanceof MailRefused ? err : new MailRefused(false, 'error: the mail server could not be reached');
    const last = refusal.permanent || job.attempt >= job.maxAttempts;
    await record(deps.db, n.id, last ? 'failed' : 'retrying', refusal.detail);
    mailCounter.inc({ outcome: last ? 'failed' : 'retrying' });
    log.warn({ attempt: job.attempt, detail: refusal.detail, permanent: refusal.permanent }, 'shipping e-mail refused');
    if (refusal.permanent) throw new PermanentJobError(refusal.detail);
    throw new Error(`mail server refused: ${refusal.detail}`);
  }
  await record(deps.db, n.id, 'sent', null);
  mailCounter.inc({ outcome: 'sent' });
  log.info({ attempt: job.attempt }, 'shipping e-mail sent');
}

export async function startSendWorker(deps: NotificationsDeps): Promise<void> {
  await deps.jobs.work<SendJob>(Queues.notificationMail, (job) => attempt(deps, job), {
    concurrency: deps.config.concurrency,
    // Out of attempts while the server still refused (or could not be prepared): failed for good.
    onFailed: async (job) => { await record(deps.db, (job.data as SendJob).id, 'failed', undefined, ['retrying', 'pending']).catch(() => undefined); },
  });
}
