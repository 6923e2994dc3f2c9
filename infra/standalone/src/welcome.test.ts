import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoCredentials } from './credentials';
import type { StandaloneConfig } from './config';
import { welcomeText } from './welcome';

const creds = { company: 'demo-co', apiToken: 'tok-from-env-123', user: 'ops+eu@shop.example', password: 'pw-from-env-456', deliveryOptionsKey: 'generated-key-789', carrierSecret: 'generated-secret-0' };
const cfg = { port: 8080, dataDir: '/tmp/x' } as StandaloneConfig;

describe('make run banner (docs/demo.md)', () => {
  it('prints generated values and names the variable of each supplied one, never its value', () => {
    const env = { DEMO_API_TOKEN: creds.apiToken, DEMO_USER: creds.user, DEMO_PASSWORD: creds.password };
    const text = welcomeText(cfg, creds, 'embedded', env);
    expect(text).toContain('API token            (from DEMO_API_TOKEN)');
    expect(text).toContain('Basic user           (from DEMO_USER) / (from DEMO_PASSWORD)');
    expect(text).toContain('Delivery-options key generated-key-789');
    expect(text).toContain('Carrier secret       generated-secret-0');
    expect(text).toContain('curl -H "Authorization: token $DEMO_API_TOKEN"');
    for (const supplied of Object.values(env)) expect(text).not.toContain(supplied);
  });

  it('prints everything when nothing was supplied', () => {
    const text = welcomeText(cfg, creds, 'embedded', {});
    for (const value of [creds.apiToken, creds.password, creds.deliveryOptionsKey, creds.carrierSecret]) expect(text).toContain(value);
    expect(text).not.toContain('(from ');
  });

  it('keeps in DATA_DIR only what it generated', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'waybill-welcome-'));
    try {
      const { creds: made } = demoCredentials({ ...cfg, dataDir, company: 'demo-co', user: 'demo', apiToken: 'supplied-token-1' } as StandaloneConfig);
      expect(made.apiToken).toBe('supplied-token-1');
      const saved = readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8');
      expect(saved).not.toContain('supplied-token-1');
      expect(JSON.parse(saved).password).toBe(made.password);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
