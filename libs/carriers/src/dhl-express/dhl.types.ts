/**
 * Our types for the parts of DHL's MyDHL API (DHL Express) Waybill uses, written from its published
 * description. Requests carry only what the adapter sends; answers only what it reads.
 */
export interface DhlPostalAddress {
  postalCode: string;
  cityName: string;
  countryCode: string;
  provinceCode?: string;
  addressLine1: string;
  addressLine2?: string;
  addressLine3?: string;
  countyName?: string;
}
export interface DhlContact { email?: string; phone: string; companyName: string; fullName: string }
export interface DhlParty { postalAddress: DhlPostalAddress; contactInformation: DhlContact; registrationNumbers?: { typeCode: string; number: string; issuerCountryCode: string }[] }
export interface DhlPackage {
  weight: number;
  dimensions?: { length: number; width: number; height: number };
  customerReferences?: { value: string; typeCode?: string }[];
}
export interface DhlLineItem {
  number: number;
  description: string;
  price: number;
  quantity: { value: number; unitOfMeasurement: 'PCS' };
  commodityCodes?: { typeCode: 'outbound' | 'inbound'; value: string }[];
  exportReasonType?: string;
  manufacturerCountry: string;
  weight: { netValue: number; grossValue: number };
}
export interface DhlShipmentRequest {
  plannedShippingDateAndTime: string;
  pickup: { isRequested: boolean; closeTime?: string; location?: string };
  productCode: string;
  accounts: { typeCode: 'shipper'; number: string }[];
  outputImageProperties: {
    encodingFormat: 'pdf' | 'zpl';
    imageOptions: { typeCode: 'label' | 'invoice'; templateName?: string; isRequested: boolean; invoiceType?: 'commercial' }[];
    splitDocumentsByPages?: boolean;
    splitTransportAndWaybillDocLabels?: boolean;
    allDocumentsInOneImage?: boolean;
  };
  customerReferences: { value: string; typeCode: 'CU' }[];
  customerDetails: { shipperDetails: DhlParty; receiverDetails: DhlParty };
  content: {
    packages: DhlPackage[];
    isCustomsDeclarable: boolean;
    declaredValue?: number;
    declaredValueCurrency?: string;
    exportDeclaration?: { lineItems: DhlLineItem[]; invoice: { number: string; date: string }; exportReason?: string; exportReasonType?: string };
    description: string;
    incoterm: string;
    unitOfMeasurement: 'metric';
  };
}
export interface DhlShipmentAnswer {
  shipmentTrackingNumber: string;
  trackingUrl?: string;
  dispatchConfirmationNumber?: string;
  packages?: { referenceNumber?: number; trackingNumber: string; trackingUrl?: string }[];
  documents?: { imageFormat: string; content: string; typeCode: string; packageReferenceNumber?: number }[];
  warnings?: string[];
}
export interface DhlTrackingEvent {
  date: string;
  time: string;
  GMTOffset?: string;
  typeCode?: string;
  description?: string;
  serviceArea?: { code?: string; description?: string }[];
  signedBy?: string;
}
export interface DhlTrackedShipment {
  shipmentTrackingNumber: string;
  status?: string;
  events?: DhlTrackingEvent[];
  pieces?: { number?: number; trackingNumber?: string; events?: DhlTrackingEvent[] }[];
}
export interface DhlTrackingAnswer { shipments?: DhlTrackedShipment[] }
export interface DhlEpodAnswer { documents?: { encodingFormat: string; content: string; typeCode: string }[] }
