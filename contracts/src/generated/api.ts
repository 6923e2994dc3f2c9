/* eslint-disable */
/**
 * GENERATED FILE, do not edit. Source: contracts/api/*.json, via contracts/scripts/generate-types.ts.
 * Change the schemas, then run `pnpm contracts:generate`.
 */

/**
 * Body of PUT /consignment/{identifier} and one element of the POST /consignments array. Read-only fields are accepted with any value and ignored, so a client can GET, change and PUT the same object. Optional strings sent as "" count as null. The service fills create_date on create before validating.
 */
export interface ConsignmentInput {
  /**
   * Read-only; ignored.
   */
  identifier?: unknown;
  order_number: string;
  /**
   * ISO 8601 date-time; 'T' or space separator; without a zone designator it is UTC.
   */
  create_date: string;
  expected_delivery_date?: string | null;
  /**
   * Carrier identifier or name. Ignored when service_id is given.
   */
  carrier?: string | null;
  /**
   * `<carrier name>|<service name>` as /carrierservices returns it, or "auto" to allocate by rules. Null or "" unallocates.
   */
  service_id?: string | null;
  /**
   * `<company_slug>|<warehouse name>`.
   */
  warehouse_id?: string | null;
  shipping_method?: string | null;
  shipping_date?: string | null;
  order_value?: number | null;
  /**
   * ISO 4217 code.
   */
  currency?: string | null;
  delivery_instructions?: string | null;
  custom_field_1?: string | null;
  custom_field_2?: string | null;
  /**
   * Non-null only when the company has it enabled.
   */
  custom_field_3?: string | null;
  /**
   * Non-null only when the company has it enabled.
   */
  custom_field_4?: string | null;
  /**
   * Non-null only when the company has it enabled.
   */
  custom_field_5?: string | null;
  origin_order_reference?: string | null;
  recipient: Recipient;
  packages?: PackageInput[] | null;
  export_customs?: ExportCustoms | null;
  /**
   * Carrier-specific options, e.g. {"signature_required": "true"}. Keys that do not apply to the carrier are ignored.
   */
  options?: {
    [k: string]: string | boolean | number;
  } | null;
  invoice?: Invoice | null;
  custom_attributes?: CustomAttributes | null;
  /**
   * Read-only; ignored.
   */
  current_status?: unknown;
  /**
   * Read-only; ignored.
   */
  service?: unknown;
  /**
   * Read-only; ignored.
   */
  consignment_number?: unknown;
  /**
   * Read-only; ignored.
   */
  tracking_url?: unknown;
}

/**
 * A consignment as the API returns it and domain events carry it. Open to additional properties so that consumers tolerate fields added later.
 */
export interface Consignment {
  /**
   * 32 lowercase hex characters.
   */
  identifier: string;
  order_number: string;
  /**
   * UTC.
   */
  create_date: string;
  expected_delivery_date?: string | null;
  /**
   * Name of the allocated carrier, else of the carrier the client asked for, else null.
   */
  carrier: string | null;
  /**
   * `<carrier name>|<service name>`; null when unallocated.
   */
  service_id: string | null;
  /**
   * `<company_slug>|<warehouse name>`.
   */
  warehouse_id?: string | null;
  shipping_method?: string | null;
  shipping_date?: string | null;
  order_value?: number | null;
  currency?: string | null;
  delivery_instructions?: string | null;
  custom_field_1?: string | null;
  custom_field_2?: string | null;
  custom_field_3?: string | null;
  custom_field_4?: string | null;
  custom_field_5?: string | null;
  origin_order_reference?: string | null;
  recipient?: Recipient;
  packages?: Package[] | null;
  /**
   * Omitted when empty.
   */
  export_customs?: ExportCustoms;
  options?: {
    [k: string]: string | boolean | number;
  } | null;
  invoice?: Invoice | null;
  custom_attributes?: CustomAttributes | null;
  current_status: CurrentStatus;
  /**
   * Name of the allocated service; null when unallocated.
   */
  service: string | null;
  /**
   * Carrier's shipment number; null until allocated.
   */
  consignment_number: string | null;
  /**
   * Where the recipient follows the parcel; null until allocated.
   */
  tracking_url: string | null;
}

/**
 * Lifecycle status. Despatched, Delivered and Exception come from carrier tracking. Printed means documents were fetched.
 */
export type ConsignmentStatus =
  | 'Unallocated'
  | 'Allocated'
  | 'Printed'
  | 'Manifested'
  | 'Despatched'
  | 'Delivered'
  | 'Exception'
  | 'Cancelled';

export interface CurrentStatus {
  status: ConsignmentStatus;
  short_form: string;
  /**
   * Why the last allocation attempt failed (carrier refusal, or no rule gave a service); null otherwise.
   */
  rejection_reason: string | null;
}

/**
 * Who receives the consignment. `name` is required (API.md 5), which satisfies SPEC's "one of name, last_name, company_name".
 */
export interface Recipient {
  /**
   * Full name.
   */
  name: string;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  /**
   * An empty string is accepted and read back as null.
   */
  email_address?: string | null;
  contact_number?: string | null;
  tax_identifier?: string | null;
  /**
   * EORI number for customs.
   */
  eori_number?: string | null;
  address: Address;
}

/**
 * Postal address of a consignment's recipient.
 */
export interface Address {
  address1: string;
  address2?: string | null;
  address3?: string | null;
  city: string;
  /**
   * State or region.
   */
  state?: string | null;
  postcode: string;
  /**
   * ISO 3166-1 alpha-2 country code.
   */
  country: string;
  /**
   * Store code, if applicable.
   */
  store_code?: string | null;
}

/**
 * A package in a request body. Same fields as package.json (a test keeps them in step); only tracking_number differs.
 */
export interface PackageInput {
  /**
   * Contents of the package.
   */
  description?: string | null;
  weight?: number | null;
  weight_unit?: 'g' | 'kg' | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  dimensions_unit?: 'mm' | 'cm' | 'm' | 'in' | 'ft' | null;
  /**
   * Caller's own package reference; need not be unique.
   */
  reference?: string | null;
  /**
   * Read-only: accepted with any value and ignored, so a client can send back what it read.
   */
  tracking_number?: unknown;
  items?: Item[] | null;
}

/**
 * A package of a consignment, as the API returns it. Open to fields added later.
 */
export interface Package {
  /**
   * Contents of the package.
   */
  description?: string | null;
  weight?: number | null;
  weight_unit?: 'g' | 'kg' | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  dimensions_unit?: 'mm' | 'cm' | 'm' | 'in' | 'ft' | null;
  /**
   * Caller's own package reference; need not be unique.
   */
  reference?: string | null;
  /**
   * Read-only. Carrier tracking number, when the carrier tracks packages individually; null until allocated.
   */
  tracking_number?: string | null;
  items?: Item[] | null;
}

/**
 * One line of a package's contents.
 */
export interface Item {
  name: string;
  sku?: string | null;
  quantity: number;
  /**
   * Unit value, in the consignment's currency.
   */
  value?: number | null;
  /**
   * Tariff (HS) code; needed when the route requires customs documents.
   */
  harmonisation_code?: string | null;
  /**
   * ISO 3166-1 alpha-2 country code.
   */
  country_of_origin?: string | null;
  weight?: number | null;
  vat_rate?: string | null;
  fabric_content?: string | null;
  import_type?: string | null;
  /**
   * Manufacturer identification code.
   */
  mid_code?: string | null;
  /**
   * Caller's internal reference.
   */
  reference?: string | null;
  /**
   * EU tariff code.
   */
  taric_condition?: string | null;
}

/**
 * Customs declaration data. Responses omit it when it is empty.
 */
export interface ExportCustoms {
  reason_for_export?:
    'merchandise' | 'sample' | 'documents' | 'gift' | 'other' | 'returns' | 'personal' | null;
  /**
   * Decimal text, e.g. "4.95".
   */
  shipping_cost?: string | null;
  /**
   * EU Import One-Stop Shop number.
   */
  ioss_number?: string | null;
}

export interface Invoice {
  /**
   * Incoterm printed on the customs invoice, e.g. DAP or DDP.
   */
  incoterm?: string | null;
}

/**
 * Sender details that replace the company's own on this consignment's labels and customs documents.
 */
export interface CustomAttributes {
  override_sender_name?: string | null;
  override_sender_eori?: string | null;
  override_sender_address1?: string | null;
  /**
   * Address line 2. The key is spelled exactly so (Scurri compatibility).
   */
  override_send_address2?: string | null;
  override_sender_address3?: string | null;
  override_sender_city?: string | null;
  override_sender_state?: string | null;
  override_sender_postcode?: string | null;
  override_sender_country?: string | null;
  override_sender_email?: string | null;
  override_sender_phone?: string | null;
  /**
   * Order id at a third-party fulfilment partner, keyed `<partner>_order_id`.
   *
   * This interface was referenced by `CustomAttributes`'s JSON-Schema definition
   * via the `patternProperty` "^[a-z0-9]+_order_id$".
   */
  [k: string]: string | null | undefined;
}

/**
 * One page of GET /consignments.
 */
export interface ConsignmentPage {
  /**
   * Matching consignments from this page on (it shrinks page by page: 25, 15, 5 for 25 matches and limit=10).
   */
  count: number;
  /**
   * Absolute URL of the next page, repeating the filters and limit; null on the last page.
   */
  next: string | null;
  results: Consignment[];
}

/**
 * Response of POST /consignments: each element of the request is created or refused on its own.
 */
export interface CreateResult {
  /**
   * Identifiers of the created consignments, in request order.
   */
  success: string[];
  /**
   * Refused elements, keyed by their zero-based index in the request; values are "<field>: <message>" strings.
   */
  errors: {
    /**
     * This interface was referenced by `undefined`'s JSON-Schema definition
     * via the `patternProperty` "^(0|[1-9][0-9]*)$".
     */
    [k: string]: string[];
  };
}

/**
 * Element of GET /carriers. Elements may carry more fields; these are always there.
 */
export interface Carrier {
  /**
   * Stable lowercase slug, e.g. "generic"; what carrier_id takes everywhere.
   */
  identifier: string;
  /**
   * Display name, e.g. "Generic Carrier".
   */
  name: string;
}

/**
 * Element of GET /carrierservices. Elements may carry more fields; these are always there.
 */
export interface CarrierService {
  /**
   * The carrier's identifier.
   */
  carrier_id: string;
  /**
   * `<carrier name>|<service name>`; exactly what service_id takes.
   */
  identifier: string;
  /**
   * The service name.
   */
  name: string;
}

/**
 * Element of GET /warehouses. Elements may carry more fields; these are always there.
 */
export interface Warehouse {
  /**
   * `<company_slug>|<warehouse name>`; what warehouse_id takes.
   */
  identifier: string;
  name: string;
}

/**
 * Body of every 4xx and 5xx response.
 */
export interface ErrorResponse {
  /**
   * Human-readable reason. For 400 it is "<field path>: <message>" of the first error.
   */
  detail: string;
  /**
   * 400 only: messages keyed by dotted field path with indices, e.g. packages.0.items.1.quantity.
   */
  errors?: {
    [k: string]: string[];
  };
  /**
   * 5xx: quote it when reporting the problem.
   */
  request_id?: string;
}

/**
 * Body of POST /api/2.0.0/company/{company_slug}/delivery_options/ (SPEC.md 4.10). Only recipient.address.country is required. Optional strings sent as "" count as absent. Weights are in kg and dimensions in cm unless weight_unit / dimensions_unit say otherwise.
 */
export interface DeliveryOptionsRequest {
  package_type?: string | null;
  /**
   * Matched against the rules' shipping_methods.
   */
  shipping_method?: string | null;
  /**
   * Matched against the rules' rules_package_types.
   */
  rules_package_type?: string | null;
  order_number?: string | null;
  /**
   * `<company_slug>|<warehouse name>`; the company's default warehouse when absent.
   */
  warehouse_id?: string | null;
  recipient: {
    name?: string | null;
    first_name?: string | null;
    last_name?: string | null;
    company_name?: string | null;
    email_address?: string | null;
    contact_number?: string | null;
    address: {
      address1?: string | null;
      address2?: string | null;
      address3?: string | null;
      city?: string | null;
      /**
       * State or region; picks the regional holiday calendar (e.g. Scotland, Bayern).
       */
      state?: string | null;
      /**
       * Matched against the rules' postcode patterns.
       */
      postcode?: string | null;
      /**
       * ISO 3166-1 alpha-2 country code.
       */
      country: string;
      latitude?: number | null;
      longitude?: number | null;
    };
  };
  /**
   * @maxItems 500
   */
  packages?:
    | {
        width?: number | null;
        height?: number | null;
        length?: number | null;
        /**
         * Package weight; when absent, the sum of its items' weight times quantity.
         */
        weight?: number | null;
        /**
         * Default kg.
         */
        weight_unit?: 'g' | 'kg' | null;
        /**
         * Default cm.
         */
        dimensions_unit?: 'mm' | 'cm' | 'm' | 'in' | 'ft' | null;
        description?: string | null;
        items?:
          | {
              weight?: number | null;
              value?: number | null;
              name?: string | null;
              sku?: string | null;
              quantity?: number | null;
              country_of_origin?: string | null;
              harmonisation_code?: string | null;
              taric_condition?: string | null;
              vat_rate?: string | null;
              import_type?: string | null;
              fabric_content?: string | null;
            }[]
          | null;
      }[]
    | null;
  invoice?: {
    incoterm?: string | null;
  } | null;
  /**
   * Free map of strings; rules can require option values.
   */
  options?: {
    [k: string]: string | null;
  } | null;
  /**
   * Currency of order_value; the company currency when absent.
   */
  currency?: string | null;
  order_value?: number | null;
  /**
   * Without it, options come without dates.
   */
  shipping_date?: string | null;
  custom_field_1?: string | null;
  custom_field_2?: string | null;
  custom_field_3?: string | null;
  custom_field_4?: string | null;
  custom_field_5?: string | null;
  settings?: {
    /**
     * Only options of this type.
     */
    delivery_type?: 'standard' | 'next_day' | 'nominated_day' | 'same_day' | 'service_point' | null;
  } | null;
}

/**
 * Answer of POST delivery_options: ordered by estimated delivery date (undated options by price alone), then price. An empty list is a valid answer.
 */
export interface DeliveryOptionsResponse {
  delivery_options: DeliveryOption[];
}

/**
 * One element of delivery_options (API.md section 7).
 */
export interface DeliveryOption {
  /**
   * `<carrier name>|<service name>`, as /carrierservices returns it.
   */
  service_id: string;
  /**
   * The carrier's name.
   */
  carrier: string;
  /**
   * The carrier's identifier.
   */
  carrier_id: string;
  service_name: string;
  delivery_type: 'standard' | 'next_day' | 'nominated_day' | 'same_day' | 'service_point';
  /**
   * Null without a shipping_date in the request.
   */
  shipping_date: string | null;
  estimated_delivery_date: string | null;
  delivery_window: {
    start: string;
    end: string;
  } | null;
  /**
   * When this option stops being available, with the warehouse's UTC offset.
   */
  cutoff: string | null;
  price: {
    /**
     * Decimal text, e.g. "4.95".
     */
    amount: string;
    /**
     * ISO 4217; the company currency.
     */
    currency: string;
  };
}

/**
 * Body of POST /delivery-rules and PUT /delivery-rules/{id}. A rule offers one carrier service, of one delivery type, at one price, whenever its conditions hold. Read-only fields (id, created_at, updated_at) sent back are ignored.
 */
export interface DeliveryRuleInput {
  /**
   * Read-only; ignored.
   */
  id?: unknown;
  /**
   * Read-only; ignored.
   */
  created_at?: unknown;
  /**
   * Read-only; ignored.
   */
  updated_at?: unknown;
  name: string;
  /**
   * `<carrier name>|<service name>` of a carrier service enabled for the company.
   */
  service_id: string;
  delivery_type: 'standard' | 'next_day' | 'nominated_day' | 'same_day' | 'service_point';
  /**
   * Default true. A disabled rule neither quotes nor allocates.
   */
  enabled?: boolean;
  conditions?: DeliveryRuleConditions;
  price: DeliveryRulePrice;
  schedule?: DeliveryRuleSchedule;
}

/**
 * A delivery rule as stored: the input with defaults filled in, plus its id and times.
 */
export interface DeliveryRule {
  id: string;
  name: string;
  service_id: string;
  delivery_type: 'standard' | 'next_day' | 'nominated_day' | 'same_day' | 'service_point';
  enabled: boolean;
  conditions: DeliveryRuleConditions;
  price: DeliveryRulePrice;
  schedule: DeliveryRuleSchedule;
  created_at: string;
  updated_at: string;
}

/**
 * When a delivery rule applies. Every condition given must hold; an absent condition holds always. A limit is checked only against values the request gives (a package without weight passes a weight limit).
 */
export interface DeliveryRuleConditions {
  /**
   * Destination countries (ISO 3166-1 alpha-2); "EU" stands for every EU member, "*" for anywhere. Absent: anywhere.
   *
   * @minItems 1
   * @maxItems 300
   */
  countries?: [string, ...string[]];
  /**
   * Destination postcode patterns; `*` is any run of characters, `?` one character; case and spaces do not matter ("SW1A*", "E1 ?*"). Absent: any postcode.
   *
   * @maxItems 1000
   */
  postcodes?: string[];
  /**
   * Destination postcode patterns the rule never applies to (e.g. "BT*", "HS*").
   *
   * @maxItems 1000
   */
  exclude_postcodes?: string[];
  /**
   * Origin warehouses (`<company_slug>|<warehouse name>`). Absent: any warehouse.
   *
   * @minItems 1
   */
  warehouses?: [string, ...string[]];
  /**
   * The request's shipping_method must be one of these (exact, case-insensitive).
   *
   * @minItems 1
   */
  shipping_methods?: [string, ...string[]];
  /**
   * The request's rules_package_type must be one of these (exact, case-insensitive).
   *
   * @minItems 1
   */
  rules_package_types?: [string, ...string[]];
  /**
   * Heaviest single package.
   */
  max_package_weight_kg?: number;
  /**
   * Largest package as three sides in any order, e.g. [120, 60, 60]; a package fits when its sides, longest first, fit these, longest first.
   *
   * @minItems 3
   * @maxItems 3
   */
  max_package_dimensions_cm?: [number, number, number];
  /**
   * Heaviest total of all packages.
   */
  max_consignment_weight_kg?: number;
  /**
   * Most packages in one consignment.
   */
  max_packages?: number;
  /**
   * Lowest order value (inclusive), decimal text in the company currency.
   */
  min_order_value?: string;
  /**
   * Highest order value (inclusive), decimal text in the company currency.
   */
  max_order_value?: string;
  /**
   * Options the request must carry with exactly these values, e.g. {"signature_required": "true"}.
   */
  options?: {
    [k: string]: string;
  };
  /**
   * Custom fields the request must carry with exactly these values.
   */
  custom_fields?: {
    custom_field_1?: string;
    custom_field_2?: string;
    custom_field_3?: string;
    custom_field_4?: string;
    custom_field_5?: string;
  };
}

/**
 * What the option costs the shopper, in the company currency: a fixed amount or a price by total consignment weight (packages without weight count 0 kg), optionally free above an order value.
 */
export type DeliveryRulePrice = {
  /**
   * Fixed price, decimal text ("4.95").
   */
  amount?: string;
  /**
   * Bands in ascending up_to_kg; the first band the weight fits prices it. Heavier than the last band: the rule does not apply.
   *
   * @minItems 1
   * @maxItems 100
   */
  weight_bands?: [
    {
      /**
       * Heaviest total weight of this band (inclusive).
       */
      up_to_kg: number;
      amount: string;
    },
    ...{
      /**
       * Heaviest total weight of this band (inclusive).
       */
      up_to_kg: number;
      amount: string;
    }[],
  ];
  /**
   * The option is free when the order value is strictly above this amount.
   */
  free_above?: string;
} & unknown;

/**
 * The service's timetable: cutoff in the warehouse's time zone, transit in carrier working days. Delivery dates skip weekends outside working_days and public holidays of origin and destination.
 */
export interface DeliveryRuleSchedule {
  /**
   * Orders after this local time ship the next working day. Absent: orders are taken until midnight.
   */
  cutoff?: string;
  /**
   * Cutoff per warehouse (`<company_slug>|<warehouse name>` → HH:MM), over `cutoff`.
   */
  warehouse_cutoffs?: {
    [k: string]: string;
  };
  /**
   * Working days from shipping to delivery. Default: 0 for same_day, 1 for next_day and nominated_day, 2 otherwise.
   */
  transit_days?: number;
  /**
   * Days the carrier collects and delivers. Default Monday to Friday.
   *
   * @minItems 1
   */
  working_days?: [
    'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun',
    ...('mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun')[],
  ];
  /**
   * nominated_day only: how many delivery days to offer (default 5).
   */
  nominated_days?: number;
  /**
   * Local delivery time window, when the service has one.
   */
  delivery_window?: {
    start: string;
    end: string;
  };
}

/**
 * Company settings of the rules engine (GET and PUT /delivery-settings). PUT may send either field alone.
 */
export interface DeliverySettings {
  /**
   * How allocation by rules orders the matching services: by price then delivery date, or by delivery date then price. Default cheapest.
   */
  allocation_preference?: 'cheapest' | 'fastest';
  /**
   * ISO 4217 code of every rule price and order-value band. Default GBP.
   */
  currency?: string;
}

/**
 * Body of POST /manifest: the consignments one carrier collects from one warehouse.
 */
export interface ManifestInput {
  /**
   * Identifiers of the consignments, each listed once. Every one must belong to the company, be allocated (Allocated or Printed) to `carrier_id`, ship from `warehouse_id`, and be neither cancelled nor already manifested.
   *
   * @minItems 1
   * @maxItems 10000
   */
  consignment_ids: [string, ...string[]];
  /**
   * The carrier's identifier, as GET /carriers returns it (e.g. `generic`).
   */
  carrier_id: string;
  /**
   * `<company_slug>|<warehouse name>`, as GET /warehouses returns it.
   */
  warehouse_id: string;
}

/**
 * Response of POST /manifest.
 */
export interface ManifestCreated {
  /**
   * The manifest identifier (32 lowercase hex); GET /manifest/{manifest_id}/documents takes it.
   */
  identifier: string;
  /**
   * Present when the carrier manifests every labelled consignment of the account (Royal Mail Click & Drop): every consignment the manifest moved to Manifested, named in the request or not, from whichever warehouse.
   */
  consignment_ids?: string[];
}

/**
 * Response of GET /manifest/{manifest_id}/documents once the documents are ready.
 */
export interface ManifestDocuments {
  /**
   * Base64 of the carrier manifest, an A4 PDF: company, warehouse address, carrier, manifest id with its Code 128 barcode, the carrier's manifest reference and date in a header repeated on every page; one row per consignment (identifier, consignment number, tracking numbers, recipient postcode and country, package count, weight) and totals.
   */
  documents: string;
}

/**
 * Internal (service to service, not routed by the gateway): the consignment service's answer to the manifest service's POST /companies/{company}/manifest-claims. Everything a manifest prints and tells the carrier, so the manifest service never reads the consignment service's tables.
 */
export interface ManifestClaim {
  manifest_id: string;
  /**
   * What the carrier's manifest covers: listed (default) the consignments the request named; account every labelled, unmanifested consignment of the company's account with the carrier (Royal Mail Click & Drop), all of which the claim moved to Manifested.
   */
  scope?: 'listed' | 'account';
  carrier: {
    identifier: string;
    name: string;
  };
  warehouse: {
    /**
     * `<company_slug>|<warehouse name>`.
     */
    identifier: string;
    name: string;
    /**
     * IANA time zone of the warehouse (collection date and time).
     */
    timezone: string;
    /**
     * The collection address.
     */
    address: {
      name?: string | null;
      company_name?: string | null;
      address1: string;
      address2?: string | null;
      address3?: string | null;
      city: string;
      state?: string | null;
      postcode: string;
      country: string;
    };
  };
  /**
   * In the order the manifest request listed them.
   */
  consignments: ManifestClaimConsignment[];
}

/**
 * Internal: one consignment of a ManifestClaim, as the manifest prints it and the carrier is told of it.
 */
export interface ManifestClaimConsignment {
  identifier: string;
  order_number: string;
  /**
   * The carrier's consignment number; empty when the carrier gave none.
   */
  consignment_number: string;
  /**
   * Distinct tracking numbers of its packages.
   */
  tracking_numbers: string[];
  recipient: {
    postcode: string;
    country: string;
  };
  /**
   * At least one: the carrier books a parcel even when no package was listed.
   */
  package_count: number;
  /**
   * Sum of the packages' known weights (summed in whole grams); null when none has a weight.
   */
  weight_kg: number | null;
}

/**
 * Labels and customs invoice of a consignment (GET /consignment/{identifier}/documents).
 */
export interface ConsignmentDocuments {
  /**
   * application/pdf: base64 of one PDF, one label per page. application/x-zebra-zpl: plain ZPL text, one ^XA...^XZ block per label. image/png: base64 of a ZIP holding one PNG per label. image/x-png-list: an array of base64 PNGs, one per label.
   */
  labels: string | string[];
  /**
   * Customs invoice PDF (invoice_quantity copies; A4, or 6x4 where the company chose it) when the carrier requires customs documents on this route; null otherwise. Always PDF, whatever documenttype is.
   */
  invoices: string | null;
  /**
   * Echo of documenttype.
   */
  label_format: 'application/pdf' | 'application/x-zebra-zpl' | 'image/png' | 'image/x-png-list';
}

/**
 * A company's account with a carrier. Credential values are never returned: each shows as **** and its last 4 characters. `webhook_credentials` (carriers that push with OAuth, e.g. UPS Track Alert) is returned in full only in the create and rotate responses.
 */
export interface CarrierAccount {
  identifier: string;
  carrier: string;
  name: string;
  test_mode: boolean;
  enabled: boolean;
  booking_label_format: 'pdf' | 'zpl';
  credentials: {
    [k: string]: string;
  };
  created_at: string;
  last_check: null | {
    ok: boolean;
    detail: string | null;
    at: string;
  };
  webhook_credentials?: {
    client_id: string;
    client_secret: string;
    token_url: string;
    webhook_url: string;
  };
}

/**
 * Body of POST /carrier-accounts. `credentials` holds exactly the keys the carrier's adapter declares (GET /carrier-accounts/credential-keys); a missing or unknown key is a 400 naming it.
 */
export interface CarrierAccountInput {
  /**
   * The carrier's identifier, e.g. ups.
   */
  carrier: string;
  name: string;
  /**
   * Use the carrier's sandbox host instead of its production host.
   */
  test_mode?: boolean;
  enabled?: boolean;
  booking_label_format?: 'pdf' | 'zpl';
  credentials: {
    [k: string]: string;
  };
}

/**
 * Body of PATCH /carrier-accounts/{id}: only the members named change; `credentials` changes key by key.
 */
export interface CarrierAccountPatch {
  name?: string;
  test_mode?: boolean;
  enabled?: boolean;
  booking_label_format?: 'pdf' | 'zpl';
  credentials?: {
    [k: string]: string;
  };
}

/**
 * The answer of POST /carrier-accounts/{id}/check: one authenticated call to the carrier that changes nothing. Also kept as the account's `last_check`.
 */
export interface CarrierAccountCheck {
  ok: boolean;
  /**
   * When not ok: the carrier's message, prefixed by its name and error code (`UPS 250002: Invalid Authentication Information.`), or why it could not be reached.
   */
  detail?: string;
}

/**
 * What one real carrier asks of an account, as its adapter declares it: the keys `credentials` takes, and the label formats it books in. Forms are built from it.
 */
export interface CarrierCredentialKeys {
  /**
   * The carrier's identifier (`carrier` of an account), e.g. ups.
   */
  carrier: string;
  /**
   * The carrier's name, e.g. UPS.
   */
  name: string;
  /**
   * The values `booking_label_format` takes for this carrier; the first is the default.
   */
  booking_label_formats: ('pdf' | 'zpl')[];
  keys: {
    name: string;
    required: boolean;
    /**
     * A secret: forms hide it while typed. Every value is masked once stored.
     */
    secret: boolean;
    /**
     * Where the merchant finds the value.
     */
    description: string;
  }[];
}

/**
 * An OAuth access token (RFC 6749 section 5.1) a carrier posts its tracking pushes with.
 */
export interface CarrierPushToken {
  access_token: string;
  token_type: 'Bearer';
  /**
   * Seconds the token stays valid.
   */
  expires_in: number;
}

/**
 * A kind of webhook an endpoint can subscribe to (SPEC.md section 6).
 */
export type WebhookEventType = 'tracking_update' | 'proof_of_delivery';

/**
 * A receiver of the company's webhooks.
 */
export interface WebhookEndpoint {
  id: string;
  /**
   * https:// URL of a public address.
   */
  url: string;
  description: string;
  /**
   * The kinds of webhook it receives.
   */
  event_types: WebhookEventType[];
  enabled: boolean;
  /**
   * null while enabled; "gone" (it answered 410), "failing" (failing continuously for 5 days) or "manual".
   */
  disabled_reason: 'gone' | 'failing' | 'manual' | null;
  created_at: string;
  /**
   * Start of the current run of failed attempts; null while the last attempt succeeded.
   */
  failing_since?: string | null;
}

/**
 * Answer of POST /webhooks/endpoints: the endpoint and its signing secret.
 */
export type WebhookEndpointCreated = WebhookEndpoint & {
  /**
   * Signing secret, whsec_<base64 key>.
   */
  secret: string;
};

/**
 * Body of POST /webhooks/endpoints.
 */
export interface WebhookEndpointInput {
  /**
   * https:// URL of a public address (unless the operator set WEBHOOK_ALLOW_PRIVATE=1).
   */
  url: string;
  description?: string | null;
  /**
   * Default: every type.
   *
   * @minItems 1
   */
  event_types?: [WebhookEventType, ...WebhookEventType[]];
  /**
   * Default true.
   */
  enabled?: boolean;
}

/**
 * Body of PATCH /webhooks/endpoints/{id}: any of these fields. Enabling clears disabled_reason; disabling sets it to "manual".
 */
export interface WebhookEndpointPatch {
  url?: string;
  description?: string | null;
  /**
   * @minItems 1
   */
  event_types?: [WebhookEventType, ...WebhookEventType[]];
  enabled?: boolean;
}

/**
 * An endpoint's current signing secret.
 */
export interface WebhookSecret {
  /**
   * whsec_<base64 key>; the key is the base64-decoded part after whsec_.
   */
  secret: string;
}

/**
 * One delivery attempt of a webhook to an endpoint.
 */
export interface WebhookAttempt {
  id: string;
  event_id: string;
  event_type: string;
  attempted_at: string;
  /**
   * pending while the request is in flight.
   */
  outcome: 'success' | 'failure' | 'pending';
  /**
   * null when no response came (timeout, connection refused, refused address).
   */
  status_code: number | null;
  latency_ms: number | null;
  /**
   * Status line, headers and the start of the body, at most 4 KiB.
   */
  response_head: string | null;
  /**
   * Why the attempt failed, when it did.
   */
  error: string | null;
}

/**
 * One page of GET /webhooks/endpoints/{id}/attempts, newest first.
 */
export interface WebhookAttemptPage {
  /**
   * Attempts from this page on (it shrinks page by page).
   */
  count: number;
  /**
   * Absolute URL of the next (older) page; null on the last page.
   */
  next: string | null;
  results: WebhookAttempt[];
}

/**
 * Body of POST /webhooks/endpoints/{id}/recover.
 */
export interface WebhookRecoverInput {
  /**
   * Messages created at or after this time are re-sent.
   */
  since: string;
}

/**
 * Optional body of POST /webhooks/messages/{event_id}/resend.
 */
export interface WebhookResendInput {
  /**
   * Send only to this endpoint (it need not have received the event before).
   */
  endpoint_id?: string;
}

/**
 * Answer of resend and recover: how many messages were queued to be sent again now.
 */
export interface WebhookResent {
  resent: number;
}

/**
 * Answer of POST /webhooks/endpoints/{id}/test: the id of the test event (also its webhook-id header).
 */
export interface WebhookEventAccepted {
  event_id: string;
}

/**
 * Generic body of POST /ingest/v1/carriers/{carrier_id}/tracking, which every carrier accepts. Keys not listed here are ignored (carriers add fields over time). Text longer than its webhook bound is cut (description to 500 characters, location to 255), so that a carrier's wordy event is not lost; beyond 5,000 and 1,000 characters it is refused. tracking_number and carrier_code over 50 and status over 25 are refused, since cutting them would merge different parcels, codes or statuses.
 */
export interface TrackingPush {
  /**
   * At most 1,000 trackings a call.
   *
   * @maxItems 1000
   */
  trackings: {
    /**
     * The carrier's tracking number of the parcel.
     */
    tracking_number: string;
    /**
     * At most 200 events per tracking a call, in any order: they are applied in timestamp order.
     *
     * @maxItems 200
     */
    events: {
      /**
       * The carrier's event code; gives the status through the carrier's code table when `status` is absent.
       */
      carrier_code?: string | null;
      /**
       * INFO_RECEIVED, IN_TRANSIT, OUT_FOR_DELIVERY, DELIVERED, DELIVERY_FAILED, EXCEPTION or RETURNED; case, spaces and underscores are not significant ("In Transit" is IN_TRANSIT).
       */
      status?: string | null;
      /**
       * Free text; cut to 500 characters.
       */
      description?: string | null;
      /**
       * ISO 8601; without a zone it is UTC.
       */
      timestamp: string;
      /**
       * Where it happened; cut to 255 characters.
       */
      location?: string | null;
    }[];
  }[];
}

/**
 * 202 answer of a tracking push.
 */
export interface TrackingPushResult {
  /**
   * Events stored for the first time, including events kept for tracking numbers not known yet (listed in `unknown`).
   */
  accepted: number;
  /**
   * Events already stored or kept (same carrier, tracking number, carrier code and timestamp), ignored.
   */
  duplicates: number;
  /**
   * Tracking numbers of no consignment allocated to this carrier yet, once each in request order. Their events are kept for 30 days after the last of them arrived and applied, in carrier time order, as soon as a consignment of this carrier gets the number; there is no need to push them again.
   */
  unknown: string[];
}

/**
 * GET /dashboard/consignments: the console's consignment figures for a period of UTC days ending today, from the dashboard's read model (seconds behind the consignments).
 */
export interface ConsignmentDashboard {
  days: 7 | 30 | 90;
  /**
   * First day of the period (UTC).
   */
  from: string;
  /**
   * Last day of the period: today (UTC).
   */
  to: string;
  generated_at: string;
  /**
   * Carriers with consignments created in the period, by name; `Unallocated` (no service booked yet) last.
   */
  carriers: string[];
  /**
   * One entry per day of the period, oldest first: consignments created that day, by the carrier each is booked with now.
   */
  created_per_day: {
    day: string;
    total: number;
    by_carrier: {
      [k: string]: number;
    };
  }[];
  /**
   * Consignments created today, by current status (statuses with none are left out).
   */
  today_by_status: {
    [k: string]: number;
  };
  /**
   * Consignments delivered in the period, per carrier: `on_time_share` is the share of those with an expected delivery date that were delivered on or before it (null when none had one).
   */
  on_time_by_carrier: {
    carrier: string;
    delivered: number;
    due_known: number;
    on_time: number;
    on_time_share: number | null;
  }[];
  /**
   * Consignments in Exception, and unallocated consignments a carrier (or the rules) refused.
   */
  open_exceptions: {
    exception: number;
    refused: number;
  };
}

/**
 * GET /dashboard/webhooks: webhook attempts per UTC day of the period with their success rate (folded from the attempt log every few seconds), and how the endpoints stand now.
 */
export interface WebhookDashboard {
  days: 7 | 30 | 90;
  from: string;
  to: string;
  generated_at: string;
  attempts_per_day: {
    day: string;
    succeeded: number;
    failed: number;
    /**
     * null on a day without attempts.
     */
    success_rate: number | null;
  }[];
  endpoints: {
    total: number;
    /**
     * Enabled, but their last attempts failed.
     */
    failing: number;
    disabled: number;
  };
}

/**
 * GET /dashboard/exceptions: consignments in Exception and unallocated consignments a carrier refused, newest first (from the dashboard's read model).
 */
export interface ExceptionQueue {
  results: {
    identifier: string;
    order_number: string;
    status: string;
    /**
     * carrier_call_anomaly: a refusal whose carrier call timed out or met an outage after it went out, so the carrier may have booked it; the operator checks at the carrier.
     */
    kind: 'exception' | 'refused' | 'carrier_call_anomaly';
    rejection_reason: string | null;
    /**
     * Carrier of the booked service; null when unallocated.
     */
    carrier: string | null;
    /**
     * When the consignment last changed.
     */
    since: string;
  }[];
}

/**
 * Body of POST /delivery-rules/preview: a proposed rule set (and settings) and a sample basket to quote against it. Nothing is saved.
 */
export interface DeliveryRulesPreviewInput {
  /**
   * The whole proposed rule set, in order; each item as a delivery rule's create body (DeliveryRuleInput), checked the same way. `id`, `created_at` and `updated_at` are allowed and ignored, so the listed rules can be sent back as they are.
   *
   * @maxItems 1000
   */
  rules: {}[];
  /**
   * Proposed settings; a field left out keeps the saved value.
   */
  settings?: DeliverySettings;
  /**
   * The sample basket: a delivery-options request (DeliveryOptionsRequest), checked as that API checks it.
   */
  basket: {};
}

/**
 * GET <tracking_url> with `Accept: application/json`: what the recipient's tracking page shows, for a merchant rendering its own page. Never the recipient's street, name, e-mail or phone.
 */
export interface TrackingPage {
  /**
   * The carrier's name.
   */
  carrier: string;
  /**
   * The carrier service's name.
   */
  service: string | null;
  /**
   * Every package's tracking number (the consignment's one number where the carrier gives one per consignment).
   */
  tracking_numbers: string[];
  /**
   * The normalised status of the newest event by carrier time, of any package; LABEL_CREATED before the first event.
   */
  status:
    | 'LABEL_CREATED'
    | 'INFO_RECEIVED'
    | 'IN_TRANSIT'
    | 'OUT_FOR_DELIVERY'
    | 'DELIVERED'
    | 'DELIVERY_FAILED'
    | 'EXCEPTION'
    | 'RETURNED';
  /**
   * YYYY-MM-DD when the consignment carries one.
   */
  expected_delivery_date: string | null;
  /**
   * Every carrier event, newest first (carrier time).
   */
  events: {
    /**
     * UTC.
     */
    timestamp: string;
    status:
      | 'INFO_RECEIVED'
      | 'IN_TRANSIT'
      | 'OUT_FOR_DELIVERY'
      | 'DELIVERED'
      | 'DELIVERY_FAILED'
      | 'EXCEPTION'
      | 'RETURNED';
    description: string | null;
    location: string | null;
    /**
     * The package the event is about.
     */
    tracking_number?: string;
  }[];
  /**
   * One element per tracking number, with its own status (newest event by carrier time).
   */
  packages?: {
    tracking_number: string;
    status: string;
    /**
     * How many packages travel under this number.
     */
    packages?: number;
  }[];
  /**
   * Where the parcel goes, to the town and the postcode district only.
   */
  destination?: {
    town: string | null;
    postcode_district: string | null;
    country: string | null;
    /**
     * IANA zone the page shows times in.
     */
    time_zone?: string | null;
  };
  merchant?: {
    display_name: string;
    logo_url?: string | null;
    accent_colour?: string | null;
    support_email?: string | null;
  };
}

/**
 * How the company's recipient tracking pages look (GET and PUT /tracking-page). PUT may send any of the fields: a field sent replaces the stored value, null clears it (back to the default), a field not sent keeps its value.
 */
export interface TrackingPageSettings {
  /**
   * The merchant's name as recipients know it, shown on every page. Default: the company slug.
   */
  display_name?: string | null;
  /**
   * An https URL of the logo (PNG, SVG, JPEG or WebP; shown at most 48 px high). Its origin is the only other host the page loads from (named in the page's Content-Security-Policy `img-src`).
   */
  logo_url?: string | null;
  /**
   * `#rrggbb`: the colour of the page's header and progress line. Text on it is white or black, whichever reads better. Default #0b57d0.
   */
  accent_colour?: string | null;
  /**
   * Where recipients can write with questions about their order; shown on the page when set.
   */
  support_email?: string | null;
}
