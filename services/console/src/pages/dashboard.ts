import { api } from '../api';
import { chartFigure, PALETTE, percent, shortDay } from '../charts';
import { failure, h, loading, replace, when } from '../dom';

interface ConsignmentFigures {
  days: number; generated_at: string; carriers: string[];
  created_per_day: Array<{ day: string; total: number; by_carrier: Record<string, number> }>;
  today_by_status: Record<string, number>;
  on_time_by_carrier: Array<{ carrier: string; delivered: number; due_known: number; on_time: number; on_time_share: number | null }>;
  open_exceptions: { exception: number; refused: number };
  late: number;
  returns_per_day: Array<{ day: string; total: number }>;
  returns_by_reason: Array<{ reason: string; returns: number; items: number }>;
}
interface WebhookFigures {
  attempts_per_day: Array<{ day: string; succeeded: number; failed: number; success_rate: number | null }>;
  endpoints: { total: number; failing: number; disabled: number };
}

const PERIODS = [7, 30, 90];
const STATUS_ORDER = ['Unallocated', 'Allocated', 'Printed', 'Manifested', 'Despatched', 'Delivered', 'Exception', 'Cancelled'];

/** The landing page: how much is shipping and with whom, what went wrong, and whether webhooks are healthy. */
export function dashboardPage(): HTMLElement {
  const body = h('div', {}, loading('figures'));
  const period = h('select', { id: 'period', name: 'days' }, ...PERIODS.map((d) => h('option', { value: String(d), selected: d === 30 }, `Last ${d} days`)));
  period.addEventListener('change', () => void load(body, Number(period.value)));
  const page = h('div', {}, h('div', { class: 'page-head' }, h('h1', {}, 'Dashboard'),
    h('div', { class: 'field inline-field' }, h('label', { for: 'period' }, 'Period'), period)), body);
  void load(body, 30);
  return page;
}

async function load(body: HTMLElement, days: number): Promise<void> {
  replace(body, loading('figures'));
  try {
    const [c, w] = await Promise.all([api.get(`/dashboard/consignments?days=${days}`), api.get(`/dashboard/webhooks?days=${days}`)]);
    replace(body, ...view(c.body as ConsignmentFigures, w.body as WebhookFigures));
  } catch (err) {
    replace(body, failure(err));
  }
}

function tile(id: string, title: string, value: string | number, detail: HTMLElement | string, attention = false): HTMLElement {
  return h('section', { class: `tile${attention ? ' attention' : ''}`, id, 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, title), h('p', { class: 'figure' }, value), h('p', { class: 'detail' }, detail));
}

function view(c: ConsignmentFigures, w: WebhookFigures): HTMLElement[] {
  const open = c.open_exceptions.exception + c.open_exceptions.refused;
  const created = c.created_per_day.reduce((a, d) => a + d.total, 0);
  const today = STATUS_ORDER.filter((s) => c.today_by_status[s]).map((s) => `${s} ${c.today_by_status[s].toLocaleString('en-GB')}`);
  const unhealthy = w.endpoints.failing + w.endpoints.disabled;
  const tiles = h('div', { class: 'tiles' },
    tile('tile-created', `Created, last ${c.days} days`, created.toLocaleString('en-GB'), `${c.carriers.length} carrier${c.carriers.length === 1 ? '' : 's'}`),
    tile('tile-today', 'Created today', Object.values(c.today_by_status).reduce((a, b) => a + b, 0).toLocaleString('en-GB'), today.join(' · ') || 'None yet'),
    tile('tile-exceptions', 'Open exceptions', open.toLocaleString('en-GB'),
      h('a', { href: '#/exceptions' }, `${c.open_exceptions.exception} in Exception, ${c.open_exceptions.refused} refused`), open > 0),
    tile('tile-late', 'Running late', c.late.toLocaleString('en-GB'), 'Past the expected delivery date, not delivered yet; their tracking pages say so', c.late > 0),
    tile('tile-webhooks', 'Healthy webhook endpoints', `${w.endpoints.total - unhealthy} of ${w.endpoints.total}`,
      h('a', { href: '#/exceptions' }, `${w.endpoints.failing} failing, ${w.endpoints.disabled} disabled`), unhealthy > 0));
  return [tiles, createdChart(c), h('div', { class: 'chart-pair' }, onTimeChart(c), webhookChart(w)),
    h('div', { class: 'chart-pair' }, returnsChart(c), returnReasonsChart(c)),
    h('p', { class: 'state' }, `Figures as of ${when(c.generated_at)}; they follow new consignments within seconds.`)];
}

function createdChart(c: ConsignmentFigures): HTMLElement {
  const labels = c.created_per_day.map((d) => shortDay(d.day));
  return chartFigure('chart-created', 'Consignments created per day, by carrier', {
    type: 'bar',
    data: { labels, datasets: c.carriers.map((carrier, i) => ({ label: carrier, data: c.created_per_day.map((d) => d.by_carrier[carrier] ?? 0), backgroundColor: carrier === 'Unallocated' ? '#b8bfc9' : PALETTE[i % PALETTE.length] })) },
    options: { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } },
  }, {
    caption: 'Consignments created per day, by carrier', head: ['Day', ...c.carriers, 'Total'],
    rows: c.created_per_day.map((d) => [d.day, ...c.carriers.map((k) => d.by_carrier[k] ?? 0), d.total]),
  });
}

function onTimeChart(c: ConsignmentFigures): HTMLElement {
  const rows = c.on_time_by_carrier;
  return chartFigure('chart-on-time', 'Delivered on or before the expected date', {
    type: 'bar',
    data: { labels: rows.map((r) => r.carrier), datasets: [{ label: 'On time (%)', data: rows.map((r) => (r.on_time_share === null ? 0 : r.on_time_share * 100)), backgroundColor: PALETTE[2] }] },
    options: { indexAxis: 'y', scales: { x: { min: 0, max: 100 } }, plugins: { legend: { display: false } } },
  }, {
    caption: 'Share delivered on or before the expected date, per carrier', head: ['Carrier', 'Delivered', 'With an expected date', 'On time', 'Share on time'],
    rows: rows.map((r) => [r.carrier, r.delivered, r.due_known, r.on_time, percent(r.on_time_share)]),
  });
}

function webhookChart(w: WebhookFigures): HTMLElement {
  const days = w.attempts_per_day;
  return chartFigure('chart-webhooks', 'Webhook deliveries per day', {
    type: 'bar',
    data: {
      labels: days.map((d) => shortDay(d.day)),
      datasets: [
        { type: 'bar', label: 'Succeeded', data: days.map((d) => d.succeeded), backgroundColor: PALETTE[0], stack: 'attempts', yAxisID: 'y' },
        { type: 'bar', label: 'Failed', data: days.map((d) => d.failed), backgroundColor: PALETTE[5], stack: 'attempts', yAxisID: 'y' },
        { type: 'line', label: 'Success rate (%)', data: days.map((d) => (d.success_rate === null ? null : d.success_rate * 100)), borderColor: '#000', backgroundColor: '#000', yAxisID: 'rate', pointRadius: 2 },
      ],
    } as never,
    options: { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true }, rate: { position: 'right', min: 0, max: 100, grid: { drawOnChartArea: false } } } },
  }, {
    caption: 'Webhook attempts per day and their success rate', head: ['Day', 'Succeeded', 'Failed', 'Success rate'],
    rows: days.map((d) => [d.day, d.succeeded, d.failed, percent(d.success_rate)]),
  });
}

function returnsChart(c: ConsignmentFigures): HTMLElement {
  const days = c.returns_per_day;
  return chartFigure('chart-returns', 'Returns booked per day', {
    type: 'bar',
    data: { labels: days.map((d) => shortDay(d.day)), datasets: [{ label: 'Returns', data: days.map((d) => d.total), backgroundColor: PALETTE[3] }] },
    options: { scales: { y: { beginAtZero: true } }, plugins: { legend: { display: false } } },
  }, {
    caption: 'Returns booked per day (cancelled ones left out)', head: ['Day', 'Returns'],
    rows: days.map((d) => [d.day, d.total]),
  });
}

function returnReasonsChart(c: ConsignmentFigures): HTMLElement {
  const rows = c.returns_by_reason;
  return chartFigure('chart-return-reasons', 'Returns by reason', {
    type: 'bar',
    data: { labels: rows.map((r) => r.reason), datasets: [{ label: 'Returns', data: rows.map((r) => r.returns), backgroundColor: PALETTE[4] }] },
    options: { indexAxis: 'y', scales: { x: { beginAtZero: true } }, plugins: { legend: { display: false } } },
  }, {
    caption: 'Returns and items sent back, by reason', head: ['Reason', 'Returns', 'Items'],
    rows: rows.map((r) => [r.reason, r.returns, r.items]),
  });
}
