import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_CATALOGUE } from '@waybill/runtime';

/**
 * Prints the `<NAME>_URL` / `<NAME>_PORT` variables of every service that exists, for `make up`
 * (or, with --names, just their names).
 */
const root = join(__dirname, '..', '..');
const present = SERVICE_CATALOGUE.filter((s) => existsSync(join(root, 'services', s.name, 'src', 'main.ts')));
if (process.argv.includes('--names')) {
  process.stdout.write(`${present.map((s) => s.name).join(' ')}\n`);
} else {
  for (const s of present) {
    process.stdout.write(`${s.portVar}=${s.defaultPort}\n${s.urlVar}=http://127.0.0.1:${s.defaultPort}\n`);
  }
}
