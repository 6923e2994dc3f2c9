import { breakingChanges, describe } from './compat';
import { currentContracts, publishContracts, readPublished, PUBLISHED_DIR } from './published';

/**
 * `pnpm contracts:compat`: fails (exit 1) when a schema in contracts/ breaks its published version.
 * `pnpm contracts:publish`: records the current schemas as published, refusing a breaking change.
 */
const publish = process.argv[2] === 'publish';
const current = currentContracts();
const breaking = publish ? publishContracts(current) : breakingChanges(readPublished(), current);
if (breaking.length > 0) {
  process.stderr.write(`${breaking.length} breaking change(s) against contracts/published/${publish ? ' (nothing published)' : ''}:\n`
    + `${breaking.map((b) => `  - ${describe(b)}`).join('\n')}\n`
    + 'Keep the published schema and add a new one beside it (a new $id, a new event type for new event data).\n');
  process.exit(1);
}
const counts = `${Object.keys(current.schemas).length} schemas, ${Object.keys(current.eventTypes).length} event types`;
process.stdout.write(publish ? `published ${counts} to ${PUBLISHED_DIR}\n` : `contracts compatible with contracts/published/ (${counts})\n`);
