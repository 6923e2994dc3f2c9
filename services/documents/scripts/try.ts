import { writeFileSync } from 'node:fs';
import { labelFacts } from '../src/labels/label.facts';
import { layoutLabel } from '../src/labels/label.layout';
import { LABEL_SIZES } from '../src/labels/layout.model';
import { pngLabel } from '../src/render/png.writer';
import { zplLabel } from '../src/render/zpl.writer';
import { drawLabelPage } from '../src/render/pdf.label';
import { finishPdf, newPdf } from '../src/render/pdf.document';
import { registry, sampleConsignment, sampleSender } from './sample';

(async () => {
  const sid = process.argv[2] ?? 'Globex Worldwide|Globex Express Worldwide';
  const size = LABEL_SIZES[(process.argv[3] ?? '4x6') as '4x6'];
  const c = sampleConsignment(sid, 2, 'US');
  const found = registry.findService(sid)!;
  const facts = labelFacts({ consignment: c, sender: sampleSender(c), carrier: found.carrier, service: found.service });
  const layout = layoutLabel(facts[0], size);
  writeFileSync('/tmp/label.png', pngLabel(layout, 203));
  writeFileSync('/tmp/label.zpl', zplLabel(layout, { dpi: 203, compression: 'z64' }));
  const doc = newPdf(new Date(c.create_date), 'x');
  drawLabelPage(doc, layout);
  writeFileSync('/tmp/label.pdf', await finishPdf(doc));
})();
import { buildInvoice } from '../src/invoices/invoice.model';
import { drawInvoice } from '../src/invoices/invoice.pdf';
(async () => {
  const c = sampleConsignment('Globex Worldwide|Globex Express Worldwide', 3, 'US');
  const inv = buildInvoice(c, sampleSender(c), 'Globex Worldwide');
  for (const size of ['A4', '6x4'] as const) {
    const doc = newPdf(new Date(c.create_date), 'inv');
    drawInvoice(doc, inv, size, 1);
    writeFileSync(`/tmp/invoice-${size}.pdf`, await finishPdf(doc));
  }
})();
