import { HttpError } from '@waybill/http';
import { parseDocumentQuery } from './documents.query';

const ALL = ['4x6', '8x4', 'A6'] as const;

function detail(q: Record<string, unknown>, sizes: ReadonlyArray<'4x6' | '8x4' | 'A6'> = ALL): string {
  try {
    parseDocumentQuery(q, sizes);
  } catch (err) {
    expect((err as HttpError).status).toBe(400);
    return (err as HttpError).detail;
  }
  throw new Error('expected a 400');
}

describe('documents query', () => {
  it('defaults to one PDF label per package, three invoices, 203 dpi, 4x6, no compression', () => {
    expect(parseDocumentQuery({}, ['4x6'])).toEqual({
      documentType: 'application/pdf', labelQuantity: 1, invoiceQuantity: 3, dpi: 203, labelSize: '4x6', compression: 'none',
    });
  });

  it('reads every parameter of docs/api/labels-and-documents.md', () => {
    expect(parseDocumentQuery({ documenttype: 'Application/X-Zebra-ZPL', label_quantity: '2', invoice_quantity: '1', dpi: '300', label_size: 'a6', compression: 'Z64' }, ALL))
      .toEqual({ documentType: 'application/x-zebra-zpl', labelQuantity: 2, invoiceQuantity: 1, dpi: 300, labelSize: 'A6', compression: 'z64' });
    expect(parseDocumentQuery({ labelquantity: '3', documenttype: '' }, ALL)).toMatchObject({ labelQuantity: 3, documentType: 'application/pdf' });
  });

  it('answers 400 naming the parameter for unsupported values', () => {
    expect(detail({ documenttype: 'image/gif' })).toMatch(/^documenttype: /);
    expect(detail({ dpi: '230' })).toMatch(/^dpi: /);
    expect(detail({ dpi: '600' })).toMatch(/^dpi: /);
    expect(detail({ label_size: '10x10' })).toMatch(/^label_size: /);
    expect(detail({ label_size: '8x4' }, ['4x6'])).toBe('label_size: 8x4 labels are not enabled for this company.');
    expect(detail({ compression: 'gzip' })).toMatch(/^compression: /);
    expect(detail({ labelquantity: '0' })).toMatch(/^labelquantity: /);
    expect(detail({ invoice_quantity: 'x' })).toMatch(/^invoice_quantity: /);
    expect(detail({ labelquantity: '2', label_quantity: '3' })).toMatch(/^label_quantity: /);
    expect(detail({ dpi: ['203', '300'] })).toMatch(/^dpi: /);
  });
});
