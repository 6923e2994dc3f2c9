import { sql, type Kysely } from 'kysely';

/**
 * `pump_cycle`: one cycle of the delivery pump (src/delivery/delivery.pump.ts) in one round trip. The
 * cycle's statements (record the successes that came back, take the due deliveries, lock their
 * endpoints, count the attempts in flight, claim or defer each delivery) used to be six round trips in
 * one transaction, and the pump's throughput is bound by the cycle's latency, not by the database's
 * work. A function call in autocommit is one transaction; in READ COMMITTED each statement of the
 * function still takes a fresh snapshot, so the count after the endpoint locks sees every claim that
 * committed while this cycle waited for them, as the separate statements did. Lock order is the one of
 * every path: deliveries first, then endpoints in id order.
 *
 * Arguments: the successes (`id` of the attempt, `status_code`, `latency_ms`, `response_head`, and the
 * delivery's `company`, `event_id`, `endpoint_id`, `round`); the deliveries to claim (`company`,
 * `event_id`, `endpoint_id`, the `attempt_id` to log under if claimed, the `busy_delay_ms` to wait if
 * its endpoint is busy); the time; the lease; the concurrency limit per endpoint; the delay added to a
 * throttled endpoint's `throttled_until`. Answers `claimed` (with each endpoint row and message body),
 * `busy` and `throttled` deliveries, as `pumpCycle` (src/delivery/delivery.pump-cycle.ts) describes them.
 */
export async function applyPumpCycle(db: Kysely<any>): Promise<void> {
  // The tables as this schema's queries name them ("<schema>"."<table>"): the body is plain SQL text.
  const t = (table: string) => db.selectFrom(table).selectAll().compile().sql.replace(/^select \* from /, '');
  const [deliveries, messages, endpoints, attempts] = ['deliveries', 'messages', 'endpoints', 'attempts'].map(t);
  const fn = t('pump_cycle');
  await sql.raw(`
create or replace function ${fn}(
  p_done jsonb, p_keys jsonb, p_now timestamptz, p_lease_ms integer, p_concurrency integer, p_throttle_extra_ms integer
) returns jsonb language plpgsql as $body$
declare
  v_due jsonb;
  v_row jsonb;
  v_ep jsonb;
  v_endpoints jsonb := '{}';
  v_in_flight jsonb := '{}';
  v_claimed jsonb := '[]';
  v_busy jsonb := '[]';
  v_throttled jsonb := '[]';
  v_disabled jsonb := '[]';
  v_n integer;
begin
  if jsonb_array_length(p_done) > 0 then
    update ${attempts} a set outcome = 'success', status_code = v.status_code, latency_ms = v.latency_ms, response_head = v.response_head, error = null
      from jsonb_to_recordset(p_done) as v(id text, status_code integer, latency_ms integer, response_head text)
      where a.id = v.id;
    -- Only deliveries still in the attempt's round and sending: a resend meanwhile started a round this result must not end.
    update ${deliveries} d set state = 'succeeded', succeeded_at = p_now, lease_until = null
      from jsonb_to_recordset(p_done) as v(company text, event_id text, endpoint_id text, round integer)
      where (d.company, d.event_id, d.endpoint_id, d.round) = (v.company, v.event_id, v.endpoint_id, v.round) and d.state = 'sending';
    update ${endpoints} e set failing_since = null
      where (e.company, e.id) in (select v.company, v.endpoint_id from jsonb_to_recordset(p_done) as v(company text, endpoint_id text))
        and e.failing_since is not null;
  end if;
  if jsonb_array_length(p_keys) = 0 then
    return jsonb_build_object('claimed', v_claimed, 'busy', v_busy, 'throttled', v_throttled);
  end if;

  -- The due pending deliveries among the keys; rows another claimer holds are skipped, not waited for.
  -- Waiting ones (deferred_at set) first, oldest first.
  select coalesce(jsonb_agg(to_jsonb(x) order by x.deferred_at nulls last, x.event_id, x.endpoint_id), '[]') into v_due from (
    select d.company, d.event_id, d.endpoint_id, d.round, d.round_attempts, d.deferred_at, m.body, k.attempt_id, k.busy_delay_ms
      from ${deliveries} d
      join ${messages} m on m.event_id = d.event_id
      join jsonb_to_recordset(p_keys) as k(company text, event_id text, endpoint_id text, attempt_id text, busy_delay_ms integer)
        on (k.company, k.event_id, k.endpoint_id) = (d.company, d.event_id, d.endpoint_id)
      where d.state = 'pending' and (d.next_attempt_at <= p_now or d.deferred_at is not null)
      order by d.event_id, d.endpoint_id
      for update of d skip locked
  ) x;
  if jsonb_array_length(v_due) = 0 then
    return jsonb_build_object('claimed', v_claimed, 'busy', v_busy, 'throttled', v_throttled);
  end if;

  -- Their endpoints, locked in id order; then, in a statement of its own (a fresh snapshot), the attempts in flight.
  select coalesce(jsonb_object_agg(e.id, to_jsonb(e)), '{}') into v_endpoints from (
    select * from ${endpoints}
      where (id, company) in (select distinct r->>'endpoint_id', r->>'company' from jsonb_array_elements(v_due) r)
      order by id for no key update
  ) e;
  select coalesce(jsonb_object_agg(c.endpoint_id, c.n), '{}') into v_in_flight from (
    select endpoint_id, count(*) as n from ${deliveries}
      where endpoint_id in (select jsonb_object_keys(v_endpoints)) and state = 'sending' and lease_until > p_now
      group by endpoint_id
  ) c;

  for v_row in select * from jsonb_array_elements(v_due) loop
    v_ep := v_endpoints -> (v_row->>'endpoint_id');
    continue when v_ep is null;
    v_n := coalesce((v_in_flight ->> (v_row->>'endpoint_id'))::integer, 0);
    if not (v_ep->>'enabled')::boolean then
      v_disabled := v_disabled || jsonb_build_array(v_row);
    elsif v_ep->>'throttled_until' is not null and (v_ep->>'throttled_until')::timestamptz > p_now then
      v_throttled := v_throttled || jsonb_build_array(v_row || jsonb_build_object('delay_ms',
        (extract(epoch from ((v_ep->>'throttled_until')::timestamptz - p_now)) * 1000)::bigint + p_throttle_extra_ms));
    elsif v_n >= p_concurrency then
      v_busy := v_busy || jsonb_build_array(v_row);
    else
      v_in_flight := jsonb_set(v_in_flight, array[v_row->>'endpoint_id'], to_jsonb(v_n + 1));
      v_claimed := v_claimed || jsonb_build_array(v_row || jsonb_build_object('endpoint', v_ep));
    end if;
  end loop;

  -- Disabled endpoints end their deliveries.
  update ${deliveries} d set state = 'failed'
    from jsonb_to_recordset(v_disabled) as v(company text, event_id text, endpoint_id text)
    where (d.company, d.event_id, d.endpoint_id) = (v.company, v.event_id, v.endpoint_id);
  -- Busy: next_attempt_at tells the sweeper the delivery waits (not lost); deferred_at puts it in line for a slot.
  update ${deliveries} d set next_attempt_at = p_now + make_interval(secs => (select max(v.busy_delay_ms) from jsonb_to_recordset(v_busy) as v(busy_delay_ms integer)) / 1000.0),
      deferred_at = coalesce(d.deferred_at, p_now)
    from jsonb_to_recordset(v_busy) as v(company text, event_id text, endpoint_id text)
    where (d.company, d.event_id, d.endpoint_id) = (v.company, v.event_id, v.endpoint_id);
  -- Throttled (a 429's Retry-After): due when the endpoint's hold ends; the next attempt goes as a delayed job.
  update ${deliveries} d set next_attempt_at = p_now + make_interval(secs => v.delay_ms / 1000.0), deferred_at = null
    from jsonb_to_recordset(v_throttled) as v(company text, event_id text, endpoint_id text, delay_ms bigint)
    where (d.company, d.event_id, d.endpoint_id) = (v.company, v.event_id, v.endpoint_id);
  -- Claimed: sending under a lease, and a pending attempt logged.
  update ${deliveries} d set state = 'sending', round_attempts = d.round_attempts + 1, lease_until = p_now + make_interval(secs => p_lease_ms / 1000.0), deferred_at = null
    from jsonb_to_recordset(v_claimed) as v(company text, event_id text, endpoint_id text)
    where (d.company, d.event_id, d.endpoint_id) = (v.company, v.event_id, v.endpoint_id);
  insert into ${attempts} (id, event_id, endpoint_id, company, round, attempt, attempted_at, outcome)
    select v.attempt_id, v.event_id, v.endpoint_id, v.company, v.round, v.round_attempts + 1, p_now, 'pending'
      from jsonb_to_recordset(v_claimed) as v(attempt_id text, event_id text, endpoint_id text, company text, round integer, round_attempts integer);
  return jsonb_build_object('claimed', v_claimed, 'busy', v_busy, 'throttled', v_throttled);
end
$body$`).execute(db);
}

export async function dropPumpCycle(db: Kysely<any>): Promise<void> {
  const fn = db.selectFrom('pump_cycle').selectAll().compile().sql.replace(/^select \* from /, '');
  await sql.raw(`drop function if exists ${fn}(jsonb, jsonb, timestamptz, integer, integer, integer)`).execute(db);
}
