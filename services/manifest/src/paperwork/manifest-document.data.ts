import type { ManifestClaim } from '@waybill/contracts';

/** Everything printed on a manifest: the claim from the consignment service plus the carrier's answer. */
export interface ManifestDocumentData {
  manifestId: string;
  company: string;
  createdAt: Date;
  carrierReference: string;
  claim: ManifestClaim;
}

/** A4 pages need a PDFKit document; this is the part of its API the manifest drawing code uses. */
export type Pdf = PDFKit.PDFDocument;
