// Writes contracts/src/generated/*.ts from the JSON schemas. `--check` only reports drift (exit 1).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contractsDir, findStaleTypeFiles, generateTypeFiles } from './typegen';

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    const stale = await findStaleTypeFiles();
    if (stale.length) {
      console.error(`Out of date: ${stale.join(', ')}. Run \`pnpm contracts:generate\`.`);
      process.exitCode = 1;
    }
    return;
  }
  for (const file of await generateTypeFiles()) {
    const target = path.join(contractsDir, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
    console.log(`wrote contracts/${file.path}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
