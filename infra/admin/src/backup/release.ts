import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The release of this build (every package carries it): what a backup's header records. */
export function releaseVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
}
