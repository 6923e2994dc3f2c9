/** What a command prints: JSON on standard output (logs and errors go elsewhere). */
export const out = (v: unknown): void => {
  process.stdout.write(`${JSON.stringify(v, null, 2)}\n`);
};

/** Shows every field error of a rejected body, as the API's 400 would. */
export async function reported<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const errors = (err as { errors?: Record<string, string[]> }).errors;
    if (errors) throw new Error(Object.entries(errors).map(([k, v]) => `${k}: ${v.join(' ')}`).join('\n  '));
    throw err;
  }
}
