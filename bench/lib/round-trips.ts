/** Statements a process sent to Postgres and commands it sent to Redis (counted by round-trip-counter.cjs). */
export interface RoundTrips { pg: number; redis: number }

export function roundTripsBetween(before: RoundTrips, after: RoundTrips): RoundTrips {
  return { pg: after.pg - before.pg, redis: after.redis - before.redis };
}
