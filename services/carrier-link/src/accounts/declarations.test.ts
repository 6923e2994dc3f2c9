import { declarationOf, realCarrierDeclarations } from '@waybill/carriers';
import { carrierAdapters } from '../adapters';

test('the carriers the OpenAPI document and the CLI describe are exactly those carrier-link registers', () => {
  const registered = [...carrierAdapters({ trackingBaseUrl: 'http://localhost:8080' }).values()].map(declarationOf);
  expect(realCarrierDeclarations()).toEqual(registered);
});
