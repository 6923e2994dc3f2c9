/**
 * Our types for the parts of UPS's API Waybill uses (written from UPS's published description; UPS
 * sends numbers as strings). Requests carry only what the adapter sends; answers only what it reads.
 */
export interface UpsPhone { Number: string; Extension?: string }
export interface UpsAddress {
  AddressLine: string[];
  City: string;
  StateProvinceCode?: string;
  PostalCode?: string;
  CountryCode: string;
}
export interface UpsParty {
  Name: string;
  AttentionName?: string;
  Phone?: UpsPhone;
  EMailAddress?: string;
  Address: UpsAddress;
  ShipperNumber?: string;
  TaxIdentificationNumber?: string;
}
export interface UpsReference { Code?: string; Value: string }
export interface UpsPackage {
  Description?: string;
  Packaging: { Code: string; Description?: string };
  Dimensions?: { UnitOfMeasurement: { Code: 'IN' | 'CM' }; Length: string; Width: string; Height: string };
  PackageWeight?: { UnitOfMeasurement: { Code: 'LBS' | 'KGS' }; Weight: string };
  ReferenceNumber?: UpsReference[];
}
export interface UpsProduct {
  Description: string[];
  Unit: { Number: string; UnitOfMeasurement: { Code: string }; Value: string };
  CommodityCode?: string;
  PartNumber?: string;
  OriginCountryCode?: string;
}
export interface UpsInternationalForms {
  FormType: string[];
  Product: UpsProduct[];
  InvoiceNumber: string;
  InvoiceDate: string;
  PurchaseOrderNumber?: string;
  TermsOfShipment?: string;
  ReasonForExport: string;
  CurrencyCode: string;
}
export interface UpsShipRequest {
  ShipmentRequest: {
    Request: { RequestOption: 'nonvalidate' | 'validate'; TransactionReference?: { CustomerContext: string } };
    Shipment: {
      Description?: string;
      Shipper: UpsParty & { ShipperNumber: string };
      ShipTo: UpsParty;
      ShipFrom: Omit<UpsParty, 'EMailAddress'>;
      PaymentInformation: { ShipmentCharge: { Type: '01'; BillShipper: { AccountNumber: string } }[] };
      Service: { Code: string; Description?: string };
      ReferenceNumber?: UpsReference[];
      ShipmentDate?: string;
      ShipmentServiceOptions?: { InternationalForms?: UpsInternationalForms };
      /** Present on a return only: what kind of return label UPS makes (code 9, Print Return Label). */
      ReturnService?: { Code: string; Description?: string };
      Package: UpsPackage[];
    };
    LabelSpecification: {
      LabelImageFormat: { Code: 'GIF' | 'ZPL' };
      HTTPUserAgent?: string;
      LabelStockSize: { Height: '6'; Width: '4' };
    };
  };
}

export interface UpsImage { ImageFormat: { Code: string; Description?: string }; GraphicImage: string }
export interface UpsShipAnswer {
  ShipmentResponse: {
    Response: { ResponseStatus: { Code: string; Description: string }; Alert?: { Code: string; Description: string }[] };
    ShipmentResults: {
      ShipmentIdentificationNumber: string;
      PackageResults: { TrackingNumber: string; ShippingLabel?: UpsImage }[] | { TrackingNumber: string; ShippingLabel?: UpsImage };
      Form?: { Code?: string; Description?: string; Image?: UpsImage };
    };
  };
}
export interface UpsVoidAnswer {
  VoidShipmentResponse: { SummaryResult: { Status: { Code: string; Description: string } } };
}
export interface UpsErrorAnswer { response?: { errors?: { code?: string; message?: string }[] } }
export interface UpsTokenAnswer { access_token: string; expires_in: string | number; token_type?: string }

export interface UpsActivity {
  date?: string;
  time?: string;
  gmtDate?: string;
  gmtTime?: string;
  gmtOffset?: string;
  location?: { address?: { city?: string; stateProvince?: string; postalCode?: string; countryCode?: string; country?: string } };
  status?: { type?: string; code?: string; description?: string; statusCode?: string };
}
export interface UpsTrackPackage {
  trackingNumber?: string;
  activity?: UpsActivity[];
  deliveryInformation?: {
    receivedBy?: string;
    signature?: { image?: string };
    deliveryPhoto?: { photo?: string; photoDispositionCode?: string };
    pod?: { content?: string };
  };
}
export interface UpsTrackAnswer {
  trackResponse?: { shipment?: { inquiryNumber?: string; package?: UpsTrackPackage[]; warnings?: { code?: string; message?: string }[] }[] };
}
export interface UpsTrackAlertEvent {
  trackingNumber: string;
  localActivityDate?: string;
  localActivityTime?: string;
  activityLocation?: { city?: string; stateProvince?: string; postalCode?: string; country?: string };
  activityStatus: { type?: string; code?: string; description?: string; descriptionCode?: string | number };
  gmtActivityDate?: string;
  gmtActivityTime?: string;
  gmtOffset?: string;
  actualDeliveryDate?: string;
  actualDeliveryTime?: string;
  deliveryPhoto?: string;
  receivedBy?: string;
}
