/** Postgres unique_violation, as raised by pg and by PGlite alike. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
