import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderManifestPdf } from '../src/paperwork/manifest-pdf';
import { sampleConsignments, sampleManifest } from '../src/paperwork/manifest-sample';

/**
 * Writes docs/manifest: a sample carrier manifest of 90 consignments as a PDF, and its first and last
 * pages as PNGs (rendered with pdftoppm, from poppler-utils), for reviewers' eyes.
 */
async function main(): Promise<void> {
  const out = join(__dirname, '..', '..', '..', 'docs', 'manifest');
  mkdirSync(out, { recursive: true });
  const { pdf, pages } = await renderManifestPdf(sampleManifest(sampleConsignments(90)));
  writeFileSync(join(out, 'sample-manifest.pdf'), pdf);
  const tmp = mkdtempSync(join(tmpdir(), 'manifest-sample-'));
  try {
    for (const [page, name] of [[1, 'sample-manifest-first-page.png'], [pages, 'sample-manifest-last-page.png']] as const) {
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(page), '-l', String(page), '-singlefile', join(out, 'sample-manifest.pdf'), join(tmp, 'page')]);
      renameSync(join(tmp, 'page.png'), join(out, name));
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

void main();
