import { PAGE } from './manifest-layout';
import type { Pdf } from './manifest-document.data';

type AddContent = Pdf['addContent'];

/**
 * Draws once what every page repeats and places it on each page as a PDF form XObject (`/Name Do`):
 * the header is laid out once instead of once per page, and stored once in the file. Whatever `draw`
 * does through PDFKit is recorded (every PDFKit drawing call ends in `addContent`) along with the
 * fonts it registered, which the form then carries as its own resources.
 */
export function recordForm(doc: Pdf, name: string, draw: () => void): () => void {
  const recorded: string[] = [];
  const original: AddContent = doc.addContent;
  doc.addContent = ((data: string) => {
    recorded.push(data);
    return doc;
  }) as AddContent;
  try {
    draw();
  } finally {
    doc.addContent = original;
  }
  const page = doc.page as unknown as { fonts: Record<string, unknown>; xobjects: Record<string, unknown> };
  const form = doc.ref({
    Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [0, 0, PAGE.width, PAGE.height],
    Resources: { ProcSet: ['PDF', 'Text'], Font: { ...page.fonts } },
  });
  form.end(recorded.join('\n'));
  return () => {
    (doc.page as unknown as typeof page).xobjects[name] = form;
    doc.addContent(`q /${name} Do Q`);
  };
}
