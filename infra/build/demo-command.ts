import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './packages';

/** How `make run` starts the demo: environment, node's own arguments, and the entry. */
export interface DemoCommand {
  env: Record<string, string>;
  nodeArgs: string[];
  entry: string;
}

/**
 * Reads `scripts.demo` of a checkout's package.json (`make run` runs it with `exec`), so `make dev` and the
 * footprint bench start the demo exactly as `make run` does. The script's form is `[VAR=value ...] node
 * [--flag ...] <entry>`; anything else is refused rather than guessed at.
 */
export function demoCommand(root = ROOT): DemoCommand {
  const script: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.demo;
  if (typeof script !== 'string') throw new Error(`${root}/package.json has no "demo" script`);
  return parseDemoScript(script);
}

export function parseDemoScript(script: string): DemoCommand {
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]); i++) {
    const at = words[i].indexOf('=');
    env[words[i].slice(0, at)] = words[i].slice(at + 1);
  }
  const rest = words.slice(i);
  const entry = rest[rest.length - 1];
  const nodeArgs = rest.slice(1, -1);
  if (rest[0] !== 'node' || rest.length < 2 || entry.startsWith('-') || nodeArgs.some((a) => !a.startsWith('-'))) {
    throw new Error(`the demo script must read "[VAR=value ...] node [--flag ...] <entry>", not "${script}"`);
  }
  return { env, nodeArgs, entry };
}
