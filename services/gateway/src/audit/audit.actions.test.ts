import { AUDITED_WRITES, auditedChange, createdId } from './audit.actions';
import { actorOf } from './audit.recorder';

describe('auditedChange', () => {
  it.each([
    ['POST', '/carrier-accounts', 'carrier_account.created', 'answer'],
    ['PATCH', '/carrier-accounts/acc_1', 'carrier_account.updated', 'acc_1'],
    ['DELETE', '/carrier-accounts/acc_1/', 'carrier_account.deleted', 'acc_1'],
    ['POST', '/carrier-accounts/acc_1/rotate-webhook-credentials', 'carrier_account.webhook_credentials_rotated', 'acc_1'],
    ['POST', '/collections', 'collection.booked', 'answer'],
    ['DELETE', '/collections/c0ffee', 'collection.cancelled', 'c0ffee'],
    ['POST', '/webhooks/endpoints', 'webhook_endpoint.created', 'answer'],
    ['PATCH', '/webhooks/endpoints/ep_1', 'webhook_endpoint.updated', 'ep_1'],
    ['DELETE', '/webhooks/endpoints/ep_1', 'webhook_endpoint.deleted', 'ep_1'],
    ['POST', '/webhooks/endpoints/ep_1/rotate-secret', 'webhook_endpoint.secret_rotated', 'ep_1'],
    ['POST', '/webhooks/endpoints/ep_1/recover', 'webhook_endpoint.recovered', 'ep_1'],
    ['POST', '/delivery-rules', 'delivery_rule.created', 'answer'],
    ['PUT', '/delivery-rules/7', 'delivery_rule.replaced', '7'],
    ['DELETE', '/delivery-rules/7', 'delivery_rule.deleted', '7'],
    ['PUT', '/delivery-settings', 'delivery_settings.updated', null],
    ['POST', '/rate-sheets', 'rate_sheet.created', 'answer'],
    ['POST', '/rate-sheets/import', 'rate_sheet.imported', 'answer'],
    ['PUT', '/rate-sheets/5b1f', 'rate_sheet.replaced', '5b1f'],
    ['DELETE', '/rate-sheets/5b1f/', 'rate_sheet.deleted', '5b1f'],
    ['PUT', '/service-aliases/', 'service_aliases.replaced', null],
    ['PUT', '/returns-policy', 'returns_policy.replaced', null],
    ['PUT', '/tracking-page', 'branding.updated', null],
    ['PUT', '/retention', 'retention.updated', null],
    ['PUT', '/notifications/', 'notification_settings.updated', null],
    ['POST', '/notifications/unsubscribes', 'notification_unsubscribe.added', null],
    ['POST', '/consignment/abc%7C1/erase', 'consignment.erased', 'abc|1'],
  ])('%s %s is %s', (method, rest, action, target) => {
    expect(auditedChange(method, rest)).toEqual({ action, target });
  });

  it.each([
    ['GET', '/carrier-accounts'],
    ['GET', '/webhooks/endpoints/ep_1/secret'],
    ['POST', '/webhooks/endpoints/ep_1/test'],
    ['POST', '/carrier-accounts/acc_1/check'],
    ['POST', '/delivery-rules/preview'],
    ['POST', '/rates'],
    ['POST', '/consignments'],
    ['PUT', '/consignment/abc'],
    ['DELETE', '/consignment/abc'],
    ['GET', '/tracking-page/preview'],
    ['GET', '/notifications'],
    ['PUT', '/carrier-accounts'],
    ['POST', '/webhooks/endpoints/ep_1/rotate-secret/extra'],
  ])('%s %s is not recorded', (method, rest) => {
    expect(auditedChange(method, rest)).toBeUndefined();
  });

  it('names every action <resource>.<verb> in lower snake case', () => {
    for (const r of AUDITED_WRITES) expect(r.action).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });
});

describe('createdId', () => {
  it('takes only the id of an answer that also holds secrets', () => {
    const answer = { id: 'ep_9', url: 'https://shop.example/hook', secret: 'whsec_c2VjcmV0LXNlY3JldA==' };
    expect(createdId(Buffer.from(JSON.stringify(answer)))).toBe('ep_9');
  });

  it('takes a carrier account\'s identifier, never its credentials', () => {
    const answer = { identifier: 'acc_3', credentials: { client_secret: 'sk_live_abcdef' }, webhook_credentials: { client_secret: 'pushsecret' } };
    expect(createdId(Buffer.from(JSON.stringify(answer)))).toBe('acc_3');
  });

  it('is null for an answer without an id, or that is not JSON', () => {
    expect(createdId(Buffer.from('{"secret":"whsec_x"}'))).toBeNull();
    expect(createdId(Buffer.from('whsec_x'))).toBeNull();
    expect(createdId(Buffer.from('{"id":{"secret":"whsec_x"}}'))).toBeNull();
    expect(createdId(undefined)).toBeNull();
  });
});

describe('actorOf', () => {
  it('names users by name and credentials by label, never by their value', () => {
    expect(actorOf({ company: 'acme', principal: 'user:alice' })).toBe('alice');
    expect(actorOf({ company: 'acme', principal: 'token:4e0b', label: 'Shop connector' })).toBe('token:Shop connector');
    expect(actorOf({ company: 'acme', principal: 'key:77', label: 'checkout' })).toBe('key:checkout');
    expect(actorOf({ company: 'acme', principal: 'token:4e0b' })).toBe('token:4e0b');
  });
});
