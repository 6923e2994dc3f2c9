import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectedConfigs } from './build-configs';
import { ROOT } from './packages';

/** `pnpm build:configs`: rewrites every tsconfig.build.json from the packages' dependencies. */
for (const [file, text] of expectedConfigs()) writeFileSync(join(ROOT, file), text);
