/**
 * Configuration is read once at start into a frozen, typed object. A missing or malformed variable
 * stops the process with a message naming it, instead of failing later on first use.
 */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;
export type Reader<T> = (env: Env) => T;

function raw(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export const env = {
  string(name: string, fallback?: string): Reader<string> {
    return (e) => {
      const v = raw(e, name) ?? fallback;
      if (v === undefined) throw new ConfigError(`missing required environment variable ${name}`);
      return v;
    };
  },
  optional(name: string): Reader<string | undefined> {
    return (e) => raw(e, name);
  },
  int(name: string, fallback?: number): Reader<number> {
    return (e) => {
      const v = raw(e, name);
      if (v === undefined) {
        if (fallback === undefined) throw new ConfigError(`missing required environment variable ${name}`);
        return fallback;
      }
      const n = Number(v);
      if (!Number.isInteger(n)) throw new ConfigError(`environment variable ${name} must be an integer, got "${v}"`);
      return n;
    };
  },
  bool(name: string, fallback = false): Reader<boolean> {
    return (e) => {
      const v = raw(e, name);
      if (v === undefined) return fallback;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      throw new ConfigError(`environment variable ${name} must be a boolean (1/0/true/false), got "${v}"`);
    };
  },
  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): Reader<T> {
    return (e) => {
      const v = raw(e, name) ?? fallback;
      if (!values.includes(v as T)) throw new ConfigError(`environment variable ${name} must be one of ${values.join(', ')}`);
      return v as T;
    };
  },
};

export function loadConfig<T extends Record<string, unknown>>(
  spec: { [K in keyof T]: Reader<T[K]> },
  source: Env = process.env,
): Readonly<T> {
  const out = {} as T;
  for (const key of Object.keys(spec) as (keyof T)[]) out[key] = spec[key](source);
  return Object.freeze(out);
}

/** Loads config or exits the process with the offending variable named (for main.ts files). */
export function loadConfigOrExit<T extends Record<string, unknown>>(spec: { [K in keyof T]: Reader<T[K]> }): Readonly<T> {
  try {
    return loadConfig(spec);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`configuration error: ${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}
