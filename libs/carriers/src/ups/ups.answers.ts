import type { BookedDocuments, Booking } from '@waybill/carrier-model';
import type { UpsImage, UpsShipAnswer, UpsTrackPackage } from './ups.types';
import type { ProofOfDeliveryDocument, ProofOfDeliveryFileType } from '@waybill/carrier-model';

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const bytes = (image: UpsImage | undefined): Buffer | undefined => (image?.GraphicImage ? Buffer.from(image.GraphicImage, 'base64') : undefined);

/** UPS's ship answer as Waybill's booking: shipment number, a tracking number and a label per package, the invoice. */
export function bookingOf(answer: UpsShipAnswer, trackingUrl: (first: string) => string): Omit<Booking, 'appliedOptions'> {
  const results = answer.ShipmentResponse.ShipmentResults;
  const packages = asList(results.PackageResults);
  const trackingNumbers = packages.map((p) => p.TrackingNumber);
  const labels = packages.map((p) => bytes(p.ShippingLabel));
  const first = packages[0]?.ShippingLabel?.ImageFormat.Code.toUpperCase();
  const format: BookedDocuments['labelFormat'] = first === 'ZPL' ? 'zpl' : first === 'PNG' ? 'png' : first === 'PDF' ? 'pdf' : 'gif';
  const form = results.Form?.Image;
  const invoice = form && form.ImageFormat.Code.toUpperCase() === 'PDF' ? bytes(form) : undefined;
  const complete = labels.filter((l): l is Buffer => !!l && l.length > 0);
  return {
    consignmentNumber: results.ShipmentIdentificationNumber,
    trackingNumbers,
    trackingUrl: trackingUrl(trackingNumbers[0] ?? results.ShipmentIdentificationNumber),
    ...(complete.length && complete.length === labels.length ? { documents: { labelFormat: format, labels: complete, customsInvoice: invoice ?? null } } : {}),
  };
}

/** What a file is, from its first bytes. */
export function fileTypeOf(b: Buffer): ProofOfDeliveryFileType | 'image/gif' | undefined {
  if (b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8) return 'image/jpeg';
  if (b.subarray(0, 4).toString('latin1') === '%PDF') return 'application/pdf';
  if (b.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  return undefined;
}

/**
 * Delivery evidence of a delivered package: the signature image, the delivery photo and UPS's proof of
 * delivery document, where UPS gives them. GIF images become PNG (`toPng`), as webhooks carry PNG.
 */
export function proofOf(pkg: UpsTrackPackage | undefined, trackingNumber: string, toPng: (gif: Buffer) => Buffer): ProofOfDeliveryDocument[] {
  const info = pkg?.deliveryInformation;
  const found: { data?: string; kind: 'image' | 'signature' }[] = [
    { data: info?.signature?.image, kind: 'signature' },
    { data: info?.deliveryPhoto?.photoDispositionCode === 'V' || info?.deliveryPhoto?.photoDispositionCode === undefined ? info?.deliveryPhoto?.photo : undefined, kind: 'image' },
    { data: info?.pod?.content, kind: 'image' },
  ];
  const docs: ProofOfDeliveryDocument[] = [];
  for (const { data, kind } of found) {
    if (!data) continue;
    let b: Buffer = Buffer.from(data, 'base64');
    let type = fileTypeOf(b);
    if (type === 'image/gif') {
      b = toPng(b);
      type = 'image/png';
    }
    if (type) docs.push({ bytes: b, file_type: type, proof_of_delivery_type: kind, package_tracking_number: trackingNumber });
  }
  return docs;
}
