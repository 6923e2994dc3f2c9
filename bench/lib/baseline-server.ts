import { randomUUID } from 'node:crypto';
import express from 'express';
import { Pool } from 'pg';

/**
 * The baseline: the least a server can do for the same requests. One process, express and pg, no auth,
 * validation, proxy hop, status history or outbox: it inserts the same row (a table created LIKE the
 * consignment table, so same columns and indexes) and reads it back by identifier. Started as its own
 * process by the benchmark with DATABASE_URL (the bench database), PORT and BASELINE_TABLE.
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
const table = process.env.BASELINE_TABLE ?? 'baseline.consignments';
const company = process.env.BASELINE_COMPANY ?? 'demo-co';
const warehouseId = `${company}|London DC`;

const app = express();
app.use(express.json({ limit: '5mb' }));
app.get('/healthz', (_req, res) => void res.json({ ok: true }));

app.post('/consignments', async (req, res) => {
  const items = req.body as Array<Record<string, unknown>>;
  const now = new Date().toISOString();
  const params: unknown[] = [];
  const tuples = items.map((item) => {
    const data = { ...item, create_date: item.create_date ?? now };
    params.push(randomUUID().replace(/-/g, ''), company, String(item.order_number), 'Unallocated', warehouseId, JSON.stringify(data));
    const n = params.length;
    return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, '{}'::jsonb, $${n}::jsonb)`;
  });
  const { rows } = await pool.query(
    `insert into ${table} (identifier, company, order_number, status, warehouse_id, requested_options, data) values ${tuples.join(', ')} returning identifier`,
    params,
  );
  res.json({ success: rows.map((r) => r.identifier), errors: {} });
});

app.get('/consignment/:identifier', async (req, res) => {
  const { rows } = await pool.query(`select * from ${table} where company = $1 and identifier = $2`, [company, req.params.identifier]);
  if (rows.length === 0) {
    res.status(404).json({ detail: 'Not found.' });
    return;
  }
  const { data, ...row } = rows[0];
  res.json({ ...data, identifier: row.identifier, order_number: row.order_number, warehouse_id: row.warehouse_id, current_status: { status: row.status } });
});

app.listen(Number(process.env.PORT), '127.0.0.1');
