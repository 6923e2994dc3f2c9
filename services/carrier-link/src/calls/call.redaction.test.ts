import { randomBytes } from 'node:crypto';
import type { CarrierCallRecord } from '@waybill/carriers';
import { MASK, redactBody, redactUrl } from './call.redaction';
import { maskPersonalData } from './personal-data';
import { callRow } from './call.entry';

const label = randomBytes(48 * 1024).toString('base64');

describe('what a recorded carrier call keeps', () => {
  it('masks members named like a credential, whatever the casing or nesting', () => {
    const body = {
      grant_type: 'client_credentials', client_secret: 's3cr3t-value', password: 'hunter22', Password: 'x-pass', apiKey: 'k-123456',
      nested: { access_token: 'eyJhbGciOi.payload.sig', refresh_token: 'r-1', Authorization: 'Basic dXNlcjpwYXNz', token_type: 'Bearer' },
      UPSSecurity: { UsernameToken: { Username: 'merchant', Password: 'p@ss' } },
      list: [{ api_key: 'abc12345' }], keep: 'SW1A 2AA', empty_password: '',
    };
    const out = redactBody(body) as typeof body;
    expect(out).toEqual({
      grant_type: 'client_credentials', client_secret: MASK, password: MASK, Password: MASK, apiKey: MASK,
      nested: { access_token: MASK, refresh_token: MASK, Authorization: MASK, token_type: MASK },
      UPSSecurity: { UsernameToken: { Username: 'merchant', Password: MASK } },
      list: [{ api_key: MASK }], keep: 'SW1A 2AA', empty_password: '',
    });
    expect(JSON.stringify(out)).not.toMatch(/s3cr3t|hunter22|k-123456|eyJhbGciOi|dXNlcjpwYXNz|abc12345|p@ss/);
  });

  it("masks the account's own secret values wherever they appear, and Bearer/Basic values in text", () => {
    const out = redactBody({ note: 'key=the-account-key-77 was refused', free: 'Authorization: Bearer abc.def.ghi and Basic Zm9vOmJhcg==' }, ['the-account-key-77']);
    expect(out).toEqual({ note: `key=${MASK} was refused`, free: `Authorization: Bearer ${MASK} and Basic ${MASK}` });
  });

  it('masks credentials in text bodies (XML elements, form pairs)', () => {
    const xml = '<soap:Envelope><Authentication><UserName>acme</UserName><Password>pw-123</Password></Authentication><ns:AuthToken a="1">tok</ns:AuthToken></soap:Envelope>';
    expect(redactBody(xml)).toBe(`<soap:Envelope><Authentication><UserName>acme</UserName><Password>${MASK}</Password></Authentication><ns:AuthToken a="1">${MASK}</ns:AuthToken></soap:Envelope>`);
    expect(redactBody('grant_type=client_credentials&client_secret=abc&api_key=zzz')).toBe(`grant_type=client_credentials&client_secret=${MASK}&api_key=${MASK}`);
  });

  it('masks API keys and tokens in query strings, and user info in the URL', () => {
    expect(redactUrl('https://api.example.com/track?api_key=K123&number=1Z999&access_token=T1&apiKey=k2')).toBe(`https://api.example.com/track?api_key=${MASK}&number=1Z999&access_token=${MASK}&apiKey=${MASK}`);
    expect(redactUrl('https://user:pw@api.example.com/x?id=1')).toBe('https://api.example.com/x?id=1');
    expect(redactUrl('https://api.example.com/orders/the-account-key-77', ['the-account-key-77'])).toBe(`https://api.example.com/orders/${MASK}`);
  });

  it('elides base64 label images to their size, in JSON members, data URIs and text', () => {
    const out = redactBody({ LabelResults: [{ ShippingLabel: { ImageFormat: { Code: 'GIF' }, GraphicImage: label } }], pdf: `data:application/pdf;base64,${label}` }) as any;
    expect(out.LabelResults[0].ShippingLabel).toEqual({ ImageFormat: { Code: 'GIF' }, GraphicImage: '<base64, 48 kB>' });
    expect(out.pdf).toBe('<base64, 48 kB>');
    expect(redactBody(`<Label><Data>${label}</Data></Label>`)).toBe('<Label><Data><base64, 48 kB></Data></Label>');
    expect(redactBody({ signatureImage: `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0"/>'.repeat(200)}</svg>` })).toEqual({ signatureImage: '<svg image, 3 kB>' });
    expect(redactBody({ short: 'QUJD', code: 'ABCDEF0123456789' })).toEqual({ short: 'QUJD', code: 'ABCDEF0123456789' });
  });
});

describe('personal data after the personal-data period', () => {
  it('masks names, street lines, phone numbers and e-mail addresses, and keeps what explains a refusal', () => {
    const ups = {
      ShipTo: { Name: 'Jane Smith', AttentionName: 'Jane', Phone: { Number: '07700900123' }, EMailAddress: 'jane@example.com',
        Address: { AddressLine: ['10 Downing Street', 'Flat 1'], City: 'London', PostalCode: 'SW1A 2AA', CountryCode: 'GB' } },
      Service: { Code: '11', Description: 'UPS Standard' }, serviceName: 'UPS Standard',
      response: { errors: [{ code: '120802', message: 'Address validation failed for jane@example.com' }] },
    };
    expect(maskPersonalData(ups)).toEqual({
      ShipTo: { Name: MASK, AttentionName: MASK, Phone: { Number: MASK }, EMailAddress: MASK,
        Address: { AddressLine: [MASK, MASK], City: 'London', PostalCode: 'SW1A 2AA', CountryCode: 'GB' } },
      Service: { Code: '11', Description: 'UPS Standard' }, serviceName: 'UPS Standard',
      response: { errors: [{ code: '120802', message: `Address validation failed for ${MASK}` }] },
    });
    const rm = { recipient: { address: { fullName: 'Jane Smith', companyName: 'Acme', addressLine1: '1 High St', postcode: 'E1 6AN' }, phoneNumber: '0207', emailAddress: 'j@x.io' } };
    expect(maskPersonalData(rm)).toEqual({ recipient: { address: { fullName: MASK, companyName: MASK, addressLine1: MASK, postcode: 'E1 6AN' }, phoneNumber: MASK, emailAddress: MASK } });
    expect(maskPersonalData('<ns:Contact><ns:ContactName>Jane</ns:ContactName><ns:Postcode>E1</ns:Postcode></ns:Contact>'))
      .toBe(`<ns:Contact><ns:ContactName>${MASK}</ns:ContactName><ns:Postcode>E1</ns:Postcode></ns:Contact>`);
  });
});

describe('a recorded call', () => {
  const base: CarrierCallRecord = {
    carrier: 'ups', operation: 'ship', method: 'POST', url: 'https://ups.double.test/api/shipments/v2409/ship', attempt: 1,
    startedAt: new Date('2026-11-27T10:00:00Z'), durationMs: 123.4, status: 400, outcome: 'rejected', carrierCode: '120802', error: null,
    request: { ShipmentRequest: { Shipment: { ShipTo: { Name: 'Jane' } } } },
    response: { response: { errors: [{ code: '120802', message: 'The postal code is invalid' }] } },
  };
  const who = { company: 'acme', account: 'acc-1', consignment: 'c-1', secrets: [] };

  it('says the carrier refused it, with its code and message', () => {
    expect(callRow(base, who)).toMatchObject({
      operation: 'book', status_code: 400, duration_ms: 123, outcome: 'refused', error_source: 'carrier', carrier_code: '120802',
      message: 'The postal code is invalid', company: 'acme', account_id: 'acc-1', consignment_identifier: 'c-1', at: '2026-11-27T10:00:00.000Z',
    });
  });

  it.each([
    ['ok', 200, 'success', null], ['rate_limited', 429, 'refused', 'carrier'], ['unavailable', 503, 'failed', 'carrier'],
    ['timeout', null, 'timeout', 'network'], ['network', null, 'failed', 'network'], ['circuit_open', null, 'failed', 'waybill'],
  ] as const)('client outcome %s (status %s) is %s, error source %s', (outcome, status, expected, source) => {
    const row = callRow({ ...base, outcome, status, response: undefined, error: status === null ? 'UPS timed out after 15 s' : null }, who);
    expect([row.outcome, row.error_source]).toEqual([expected, source]);
    expect(row.response).toBeNull();
    if (status === null) expect(row.message).toBe('UPS timed out after 15 s');
  });

  it('reads a refusal the carrier answered with a 2xx (Royal Mail failedOrders) as a refusal, with its code and message', () => {
    const row = callRow({ ...base, carrier: 'royalmail', status: 200, outcome: 'ok', carrierCode: null, response: {
      successCount: 0, errorsCount: 1, createdOrders: [], failedOrders: [{ order: {}, errors: [{ errorCode: 31, errorMessage: 'Invalid postcode' }] }],
    } }, who);
    expect([row.outcome, row.error_source, row.carrier_code, row.message]).toEqual(['refused', 'carrier', '31', 'Invalid postcode']);
    const ok = callRow({ ...base, status: 200, outcome: 'ok', carrierCode: null, response: { createdOrders: [{ orderIdentifier: 1 }], failedOrders: [] } }, who);
    expect([ok.outcome, ok.error_source, ok.message]).toEqual(['success', null, null]);
  });

  it('never stores a credential of the account, in the URL, the bodies or the message', () => {
    const row = callRow({
      ...base, operation: 'token', url: 'https://x.example/oauth?client_secret=ups-app-secret-EFGH', request: { grant_type: 'client_credentials', note: 'ups-app-secret-EFGH' },
      response: { message: 'bad secret ups-app-secret-EFGH', access_token: 'tok' },
    }, { ...who, secrets: ['ups-app-secret-EFGH'] });
    expect(JSON.stringify(row)).not.toContain('ups-app-secret-EFGH');
    expect(JSON.stringify(row)).not.toContain('"tok"');
  });
});
