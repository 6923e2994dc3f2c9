import { processCounter } from '@waybill/telemetry';

const sent = processCounter('waybill_notification_mails_total', 'Shipping e-mail attempts, by outcome (sent, retrying, failed)', ['service', 'outcome']);

export const mailCounter = { inc: (labels: { outcome: string }) => sent.inc({ service: 'notifications', ...labels }) };
