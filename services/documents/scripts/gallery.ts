import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildInvoice } from '../src/invoices/invoice.model';
import { drawInvoice } from '../src/invoices/invoice.pdf';
import { layoutLabel } from '../src/labels/label.layout';
import { LABEL_SIZES } from '../src/labels/layout.model';
import { finishPdf, newPdf } from '../src/render/pdf.document';
import { pngLabel } from '../src/render/png.writer';
import { SERVICES, sampleConsignment, sampleFacts, sampleSender } from '../src/test-support/sample-consignment';

/**
 * Writes docs/gallery: each sandbox carrier's 4x6 label as the PNG writer renders it, one 8x4 label, and
 * a customs invoice PDF (turn it into a picture with `pdftoppm -png -r 60`). For reviewers' eyes only.
 */
async function main(): Promise<void> {
  const out = join(__dirname, '..', '..', '..', 'docs', 'gallery');
  mkdirSync(out, { recursive: true });
  for (const [name, service] of Object.entries(SERVICES)) {
    const [facts] = sampleFacts(service, 2, name === 'globex' ? 'US' : 'GB');
    writeFileSync(join(out, `${name}-4x6.png`), pngLabel(layoutLabel(facts, LABEL_SIZES['4x6']), 203));
  }
  writeFileSync(join(out, 'parcelink-8x4.png'), pngLabel(layoutLabel(sampleFacts(SERVICES.parcelink, 1)[0], LABEL_SIZES['8x4']), 203));
  const c = sampleConsignment(SERVICES.globex, 2, 'US');
  const doc = newPdf(new Date(c.create_date), 'invoice');
  drawInvoice(doc, buildInvoice(c, sampleSender(c), 'Globex Worldwide'), 'A4', 1);
  writeFileSync(join(out, 'globex-invoice-a4.pdf'), await finishPdf(doc));
}

void main();
