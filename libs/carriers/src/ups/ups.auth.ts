import { createHash, randomUUID } from 'node:crypto';
import type { CarrierAccountContext } from '../accounts';
import type { CarrierHttpClient, CarrierRequest, CarrierResponse, TokenCache } from '../outbound';
import { upsError } from './ups.profile';
import type { UpsTokenAnswer } from './ups.types';

/** UPS answered, and said no: its code and message, and the HTTP status. */
export class UpsRefusal extends Error {
  constructor(readonly status: number, readonly code: string, readonly upsMessage: string) {
    super(`UPS ${code}: ${upsMessage}`);
  }

  static of(answer: CarrierResponse): UpsRefusal {
    const err = upsError(answer.body);
    if (err) return new UpsRefusal(answer.status, err.code, err.message);
    if (answer.status === 429) return new UpsRefusal(429, '429', 'rate limit reached; try again later');
    return new UpsRefusal(answer.status, String(answer.status), `HTTP ${answer.status}`);
  }
}

/** Headers every UPS API call carries: a unique transId (32 characters at most) and the source. */
export function transactionHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, transId: randomUUID().replace(/-/g, ''), transactionSrc: 'waybill' };
}

/**
 * OAuth client credentials for one account: the token is cached (shared by replicas), fetched once at
 * a time, and a call answered 401 is retried once with a fresh token.
 */
export class UpsAuth {
  private readonly key: string;

  constructor(private readonly client: CarrierHttpClient, private readonly cache: TokenCache, private readonly account: CarrierAccountContext) {
    // Keyed by the credentials too: changing the client secret never reuses the old one's token.
    const fingerprint = createHash('sha256').update(`${account.credentials.client_id}\u0000${account.credentials.client_secret}`).digest('hex').slice(0, 16);
    this.key = `ups:${account.id}:${fingerprint}`;
  }

  token(): Promise<string> {
    return this.cache.get(this.key, async () => {
      const { client_id: id, client_secret: secret, account_number: merchant } = this.account.credentials;
      const answer = await this.client.send({
        operation: 'token', method: 'POST', path: '/security/v1/oauth/token', idempotent: true, account: this.account.id,
        headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'x-merchant-id': merchant },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      const body = answer.body as UpsTokenAnswer | undefined;
      if (answer.status !== 200 || !body?.access_token) throw UpsRefusal.of(answer);
      const expires = Number(body.expires_in);
      return { token: body.access_token, expiresInSeconds: Number.isFinite(expires) && expires > 0 ? expires : 3600 };
    });
  }

  /** Sends an authenticated call; on 401 the token is dropped and the call made once more with a new one. */
  async send(req: Omit<CarrierRequest, 'account' | 'headers'>): Promise<CarrierResponse> {
    return this.sendWith({}, req);
  }

  /** `send` with headers of the operation's own (the Pickup cancel's `Prn`). */
  async sendWith(headers: Record<string, string>, req: Omit<CarrierRequest, 'account' | 'headers'>): Promise<CarrierResponse> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token();
      const answer = await this.client.send({ ...req, account: this.account.id, headers: { ...transactionHeaders(token), ...headers } });
      if (answer.status !== 401 || attempt > 0) return answer;
      await this.cache.invalidate(this.key, token);
    }
  }
}
