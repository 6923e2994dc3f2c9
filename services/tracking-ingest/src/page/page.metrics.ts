import { processCounter } from '@waybill/telemetry';

const views = processCounter('waybill_tracking_page_views_total', 'Recipient tracking page requests, by format (html, json) and outcome (found, not_found)', ['service', 'format', 'outcome']);

export function countView(format: 'html' | 'json', found: boolean): void {
  views.inc({ service: 'tracking-ingest', format, outcome: found ? 'found' : 'not_found' });
}
