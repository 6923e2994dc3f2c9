/**
 * Our types for the parts of Royal Mail's Click & Drop API (v1) and Tracking API (v2) Waybill uses,
 * written from their published descriptions. Requests carry only what the adapter sends; answers only
 * what it reads.
 */
export interface RmAddress {
  fullName?: string;
  companyName?: string;
  addressLine1: string;
  addressLine2?: string;
  addressLine3?: string;
  city: string;
  county?: string;
  postcode?: string;
  countryCode: string;
}
export interface RmProductItem {
  name?: string;
  SKU?: string;
  quantity: number;
  unitValue?: number;
  unitWeightInGrams?: number;
  customsDescription?: string;
  customsCode?: string;
  originCountryCode?: string;
  customsDeclarationCategory?: string;
}
export interface RmPackage {
  weightInGrams: number;
  packageFormatIdentifier: 'letter' | 'largeLetter' | 'smallParcel' | 'mediumParcel' | 'parcel';
  dimensions?: { heightInMms: number; widthInMms: number; depthInMms: number };
  contents?: RmProductItem[];
}
export interface RmOrderRequest {
  orderReference: string;
  isRecipientABusiness?: boolean;
  recipient: { address: RmAddress; phoneNumber?: string; emailAddress?: string };
  sender?: { tradingName?: string; phoneNumber?: string; emailAddress?: string };
  packages: RmPackage[];
  orderDate: string;
  plannedDespatchDate?: string;
  subtotal: number;
  shippingCostCharged: number;
  total: number;
  currencyCode?: string;
  postageDetails: {
    serviceCode: string;
    sendNotificationsTo?: 'sender' | 'recipient' | 'billing';
    receiveEmailNotification?: boolean;
    IOSSNumber?: string;
    commercialInvoiceNumber?: string;
    commercialInvoiceDate?: string;
    recipientEoriNumber?: string;
  };
  label: { includeLabelInResponse: boolean; includeCN?: boolean; includeReturnsLabel?: boolean };
}
export interface RmCreateOrdersRequest { items: RmOrderRequest[] }

export interface RmCreatedOrder {
  orderIdentifier: number;
  orderReference?: string;
  createdOn: string;
  trackingNumber?: string;
  packages?: { packageNumber?: number; trackingNumber?: string }[];
  label?: string;
  labelErrors?: { message?: string; code?: string }[];
  generatedDocuments?: string[];
}
export interface RmOrderError { errorCode?: number; errorMessage?: string; fields?: { fieldName?: string; value?: string }[] }
export interface RmCreateOrdersAnswer {
  successCount?: number;
  errorsCount?: number;
  createdOrders?: RmCreatedOrder[];
  failedOrders?: { order?: unknown; errors?: RmOrderError[] }[];
}
export interface RmOrderInfo {
  orderIdentifier: number;
  orderReference?: string;
  createdOn: string;
  printedOn?: string;
  manifestedOn?: string;
  shippedOn?: string;
  trackingNumber?: string;
}
export interface RmDeleteAnswer {
  deletedOrders?: { orderIdentifier?: number; orderReference?: string }[];
  errors?: { orderIdentifier?: number; code?: string; message?: string }[];
}
export interface RmManifestAnswer { manifestNumber: number; documentPdf?: string; status?: 'In Progress' | 'Completed' | 'Failed' }

/** Tracking API v2: the summary of several mail pieces (one event each: the latest). */
export interface RmMailPieceSummary {
  mailPieceId: string;
  status?: string;
  summary?: {
    lastEventCode?: string;
    lastEventName?: string;
    lastEventDateTime?: string;
    lastEventLocationName?: string;
    statusCategory?: string;
    statusDescription?: string;
  };
  error?: { errorCode?: string; errorDescription?: string };
}
export interface RmSummaryAnswer { mailPieces?: RmMailPieceSummary[] }
export interface RmSignatureAnswer { mailPieces?: { mailPieceId?: string; signature?: { signatureImage?: string; imageFormat?: string; recipientName?: string } } }
