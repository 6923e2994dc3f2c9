import type { Contracts } from './compat';
import type { Node } from './schema-diff';

/**
 * One published contract and changes to it, each with the breaking change it must be reported as
 * (or none). The request (`OrderInput`, with the `Address` it references) and the event data are
 * validated on receipt; `Order` is only a response.
 */
const API = 'https://waybill.dev/schemas/api/';
const EVENTS = 'https://waybill.dev/schemas/events/';

export const published: Contracts = {
  schemas: {
    [`${API}order-input.json`]: {
      $id: `${API}order-input.json`, title: 'OrderInput', type: 'object', required: ['reference'],
      properties: {
        reference: { type: 'string', maxLength: 35 },
        service: { type: 'string', enum: ['standard', 'express'] },
        address: { $ref: 'address.json' },
        lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } } } },
      },
    },
    [`${API}address.json`]: { $id: `${API}address.json`, title: 'Address', type: 'object', properties: { city: { type: 'string' }, postcode: { type: ['string', 'null'] } } },
    [`${API}order.json`]: {
      $id: `${API}order.json`, title: 'Order', type: 'object', required: ['id'],
      properties: { id: { type: 'integer' }, status: { type: 'string', enum: ['new', 'shipped'] }, note: { type: ['string', 'null'] } },
    },
    [`${EVENTS}order-shipped.json`]: {
      $id: `${EVENTS}order-shipped.json`, title: 'OrderShippedData', type: 'object', required: ['order_id'], properties: { order_id: { type: 'integer' }, shipped_at: { type: 'string' } },
    },
  },
  eventTypes: { 'shop.order.shipped': `${EVENTS}order-shipped.json` },
};

type Change = (c: Contracts) => void;
const at = (c: Contracts, file: string): Node => c.schemas[`${file.startsWith('events/') ? EVENTS : API}${file.replace(/^events\//, '')}`];
const props = (c: Contracts, file: string): Record<string, Node> => at(c, file).properties as Record<string, Node>;

export interface Case { name: string; change: Change; breaking?: RegExp }

export const cases: Case[] = [
  // Compatible: additions, widenings, new versions beside the old.
  { name: 'an optional property added to a request', change: (c) => { props(c, 'order-input.json').weight = { type: 'number' }; } },
  { name: 'a property added to a response and made required there', change: (c) => { props(c, 'order.json').created = { type: 'string' }; (at(c, 'order.json').required as string[]).push('created'); } },
  { name: 'an enum widened', change: (c) => { (props(c, 'order-input.json').service.enum as string[]).push('economy'); } },
  { name: 'a type widened (integer to number, string to string or null)', change: (c) => { props(c, 'order.json').id.type = 'number'; props(c, 'address.json').city.type = ['string', 'null']; } },
  { name: 'a request limit relaxed', change: (c) => { props(c, 'order-input.json').reference.maxLength = 50; } },
  { name: 'descriptions edited', change: (c) => { at(c, 'order.json').description = 'An order as the API returns it.'; } },
  {
    name: 'a new versioned schema and event type beside the old ones',
    change: (c) => {
      c.schemas[`${EVENTS}order-shipped-v2.json`] = { $id: `${EVENTS}order-shipped-v2.json`, title: 'OrderShippedV2Data', type: 'object', required: ['order_id', 'carrier'], properties: { order_id: { type: 'integer' }, carrier: { type: 'string' } } };
      c.eventTypes['shop.order.shipped_v2'] = `${EVENTS}order-shipped-v2.json`;
    },
  },
  // Breaking.
  { name: 'a property removed from a response', change: (c) => { delete props(c, 'order.json').note; }, breaking: /order\.json \/properties\/note: property "note" removed/ },
  { name: 'a property renamed', change: (c) => { const p = props(c, 'order-input.json'); p.ref = p.reference; delete p.reference; }, breaking: /property "reference" removed \(renamed\? new: ref\)/ },
  { name: 'a nested property removed (array items)', change: (c) => { delete (props(c, 'order-input.json').lines.items as Node & { properties: Node }).properties.sku; }, breaking: /\/properties\/lines\/items\/properties\/sku: property "sku" removed/ },
  { name: 'a type narrowed', change: (c) => { props(c, 'address.json').postcode.type = 'string'; }, breaking: /address\.json \/properties\/postcode: type narrowed from \["string","null"\] to "string"/ },
  { name: 'an enum narrowed', change: (c) => { props(c, 'order.json').status.enum = ['new']; }, breaking: /enum narrowed: "shipped" no longer allowed/ },
  { name: 'a request limit tightened', change: (c) => { props(c, 'order-input.json').reference.maxLength = 20; }, breaking: /maxLength tightened to 20/ },
  { name: 'a new required property in a request', change: (c) => { (at(c, 'order-input.json').required as string[]).push('service'); }, breaking: /order-input\.json \/required: property "service" newly required/ },
  {
    name: 'a new required property in a schema a request references',
    change: (c) => { at(c, 'address.json').required = ['city']; },
    breaking: /address\.json \/required: property "city" newly required/,
  },
  {
    name: 'a new required property in an event',
    change: (c) => { props(c, 'events/order-shipped.json').carrier = { type: 'string' }; (at(c, 'events/order-shipped.json').required as string[]).push('carrier'); },
    breaking: /order-shipped\.json \/required: property "carrier" newly required/,
  },
  { name: 'a $id reused for another schema', change: (c) => { at(c, 'order.json').title = 'Invoice'; }, breaking: /order\.json: \$id reused with a different meaning: Order \("object"\) is now Invoice/ },
  { name: 'a reference re-pointed', change: (c) => { props(c, 'order-input.json').address = { type: 'string' }; }, breaking: /reference changed from "address\.json" to undefined/ },
  { name: 'a published schema removed', change: (c) => { delete c.schemas[`${API}address.json`]; }, breaking: /address\.json: schema removed while published/ },
  { name: 'an event type removed', change: (c) => { delete c.eventTypes['shop.order.shipped']; }, breaking: /shop\.order\.shipped: event type removed while published/ },
  {
    name: 'an event type given other data',
    change: (c) => { c.eventTypes['shop.order.shipped'] = `${API}order.json`; },
    breaking: /shop\.order\.shipped: event type now carries .*order\.json instead of/,
  },
];
