import { randomUUID } from 'node:crypto';
import amqp, { type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import express from 'express';
import { Pool, type PoolClient } from 'pg';

/**
 * The create baseline of issue 22: the same durable work as the distributed path, in one process and
 * written plainly. A create is one transaction inserting the consignment rows, their first status rows
 * and one outbox row each; a relay in this process publishes the outbox to RabbitMQ with publisher
 * confirms (persistent messages, durable exchange and queue) and marks the rows sent in the transaction
 * that claimed them; one consumer applies each event to a projection table with inbox deduplication,
 * acknowledging only after its transaction commits. Started by the benchmark with DATABASE_URL, AMQP_URL,
 * PORT, DURABLE_SCHEMA (tables created LIKE the services' own) and DURABLE_NAME (exchange and queue).
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
const schema = process.env.DURABLE_SCHEMA ?? 'baseline_durable';
const company = process.env.BASELINE_COMPANY ?? 'demo-co';
const name = process.env.DURABLE_NAME ?? `bench.durable.${process.pid}`;
const warehouseId = `${company}|London DC`;
const CREATED = 'consignment.consignment.created';
const BATCH = 100;
const POLL_MS = 500;
const PREFETCH = 20;

async function inTransaction<T>(work: (c: PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const out = await work(c);
    await c.query('commit');
    return out;
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

/** `($1, $2, ...), (...)`: `rows` tuples, each `row(p)` where `p(i)` names the row's i-th parameter. */
function values(rows: number, width: number, row: (p: (i: number) => string) => string): string {
  return Array.from({ length: rows }, (_, r) => `(${row((i) => `$${r * width + i + 1}`)})`).join(', ');
}

async function create(items: Array<Record<string, unknown>>): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = items.map((item) => ({
    identifier: randomUUID().replace(/-/g, ''), order_number: String(item.order_number), data: { ...item, create_date: item.create_date ?? now },
  }));
  const events = rows.map((r) => ({
    id: randomUUID(), type: CREATED, company, occurred_at: now,
    data: { consignment: { ...r.data, identifier: r.identifier, order_number: r.order_number, warehouse_id: warehouseId, current_status: { status: 'Unallocated' } } },
  }));
  await inTransaction(async (c) => {
    await c.query(
      `insert into ${schema}.consignments (identifier, company, order_number, status, warehouse_id, requested_options, data)
       values ${values(rows.length, 6, (p) => `${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, '{}'::jsonb, ${p(5)}::jsonb`)}`,
      rows.flatMap((r) => [r.identifier, company, r.order_number, 'Unallocated', warehouseId, JSON.stringify(r.data)]),
    );
    await c.query(`insert into ${schema}.status_history (identifier, status) values ${values(rows.length, 2, (p) => `${p(0)}, ${p(1)}`)}`,
      rows.flatMap((r) => [r.identifier, 'Unallocated']));
    await c.query(`insert into ${schema}.outbox (id, type, company, payload) values ${values(events.length, 4, (p) => `${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}::jsonb`)}`,
      events.flatMap((e) => [e.id, e.type, e.company, JSON.stringify(e)]));
  });
  relay.nudge();
  return rows.map((r) => r.identifier);
}

function confirmed(ch: ConfirmChannel, routingKey: string, body: Buffer, messageId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    ch.publish(name, routingKey, body, { persistent: true, contentType: 'application/json', messageId }, (err) => (err ? reject(err) : resolve()));
  });
}

/** Publishes committed outbox rows in batches: claim, publish, await every confirm, mark, commit. */
class Relay {
  private running = false;
  private again = false;
  constructor(private readonly ch: ConfirmChannel) {
    setInterval(() => this.nudge(), POLL_MS).unref();
  }

  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.drain().catch((err) => process.stderr.write(`relay: ${err?.stack ?? err}\n`)).finally(() => {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const claimed = await inTransaction(async (c) => {
        const { rows } = await c.query(
          `select id, type, payload from ${schema}.outbox where published_at is null order by created_at, seq limit ${BATCH} for update skip locked`,
        );
        if (rows.length === 0) return 0;
        await Promise.all(rows.map((r) => confirmed(this.ch, r.type, Buffer.from(JSON.stringify(r.payload)), r.id)));
        await c.query(`update ${schema}.outbox set published_at = now() where id = any($1::uuid[])`, [rows.map((r) => r.id)]);
        return rows.length;
      });
      if (claimed < BATCH) return;
    }
  }
}

/** Applies a created event to the projection once per event id, then acknowledges it. */
async function apply(msg: ConsumeMessage): Promise<void> {
  const event = JSON.parse(msg.content.toString()) as { id: string; company: string; occurred_at: string; data: { consignment: Record<string, any> } };
  const c = event.data.consignment;
  await inTransaction(async (tx) => {
    const fresh = await tx.query(`insert into ${schema}.inbox (event_id, consumer) values ($1, 'projection') on conflict do nothing returning event_id`, [event.id]);
    if (fresh.rowCount === 0) return;
    await tx.query(
      `insert into ${schema}.tracked_consignments (identifier, company, order_number, service_id, source_at, package_count)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (identifier) do update set order_number = excluded.order_number, service_id = excluded.service_id,
         source_at = excluded.source_at, package_count = excluded.package_count
       where tracked_consignments.source_at <= excluded.source_at`,
      [c.identifier, event.company, c.order_number, c.service_id ?? null, event.occurred_at, Array.isArray(c.packages) ? c.packages.length : 0],
    );
  });
}

let relay: Relay;

async function main(): Promise<void> {
  const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  const pub = await conn.createConfirmChannel();
  // Durable, as the platform's, and gone once this process disconnects (the broker is shared).
  await pub.assertExchange(name, 'topic', { durable: true, autoDelete: true });
  const sub = await conn.createChannel();
  await sub.assertQueue(name, { durable: true, autoDelete: true });
  await sub.bindQueue(name, name, 'consignment.#');
  await sub.prefetch(PREFETCH);
  await sub.consume(name, (msg) => {
    if (!msg) return;
    apply(msg).then(() => sub.ack(msg), (err) => {
      process.stderr.write(`consumer: ${err?.stack ?? err}\n`);
      sub.nack(msg, false, true);
    });
  });
  relay = new Relay(pub);
  relay.nudge();

  const app = express();
  app.use(express.json({ limit: '5mb' }));
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  app.post('/consignments', async (req, res) => {
    res.json({ success: await create(req.body as Array<Record<string, unknown>>), errors: {} });
  });
  const server = app.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => {
    server.close();
    void conn.close().finally(() => pool.end().finally(() => process.exit(0)));
  });
}

void main().catch((err) => {
  process.stderr.write(`durable baseline: ${err?.stack ?? err}\n`);
  process.exit(1);
});
