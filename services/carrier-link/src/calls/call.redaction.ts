/**
 * What a recorded carrier call may keep. Credentials never reach the store: members and query parameters
 * named like one (`password`, `client_secret`, `api_key`, `access_token`, `Authorization`...), the account's
 * own secret values wherever they appear, and `Bearer`/`Basic` values in text all become `"****"`. Label
 * and other images are elided to their size (`"<base64, 48 kB>"`). Request headers are never handed to the
 * log at all.
 */
export const MASK = '****';

/** Member or parameter names whose value is a credential. */
const SECRET_NAME = /(pass(word|wd|phrase)?$|secret|token|api[-_]?key|apikey|authori[sz]ation|credential|private[-_]?key|^x-ibm-client-(id|secret)$|^client[-_]?id$)/i;

/** Long enough to be an image or a document rather than a value someone needs to read. */
const BLOB_MIN = 256;
const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}$/;
const BASE64_RUN = /[A-Za-z0-9+/]{256,}={0,2}/g;
const DATA_URI = /^data:[\w.+-]+\/[\w.+-]+;base64,/i;
const AUTH_VALUE = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** In text bodies (XML, forms): `<Password>x</Password>`, `password=x`, `"api_key": "x"`. */
const SECRET_ELEMENT = /<((?:[\w-]+:)?([\w-]+))(\s[^>]*)?>([^<]*)<\/\1>/g;
const SECRET_PAIR = /\b([\w-]*(?:password|secret|token|api[-_]?key|apikey)[\w-]*)=([^&\s"<]+)/gi;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

const kB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** `<base64, 48 kB>` for an encoded image or document, `<svg image, 3 kB>` for an inline SVG. */
function elided(text: string): string | undefined {
  if (text.length < BLOB_MIN) return undefined;
  const uri = DATA_URI.exec(text);
  if (uri) return `<base64, ${kB(((text.length - uri[0].length) * 3) / 4)}>`;
  if (BASE64.test(text)) return `<base64, ${kB((text.replace(/\s/g, '').length * 3) / 4)}>`;
  if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(text)) return `<svg image, ${kB(Buffer.byteLength(text))}>`;
  // eslint-disable-next-line no-control-regex
  const control = text.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g)?.length ?? 0;
  if (control > text.length / 20) return `<binary, ${kB(Buffer.byteLength(text))}>`;
  return undefined;
}

function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(MASK);
  return out.replace(AUTH_VALUE, (_m, scheme: string) => `${scheme} ${MASK}`);
}

/** A string value: elided if it is an image, else with any secret in it masked. */
function redactString(text: string, secrets: readonly string[]): string {
  const blob = elided(text);
  if (blob) return blob;
  let out = scrubText(text, secrets);
  if (out.includes('<')) out = out.replace(SECRET_ELEMENT, (m, tag: string, local: string, attrs: string | undefined, value: string) => (SECRET_NAME.test(local) && value ? `<${tag}${attrs ?? ''}>${MASK}</${tag}>` : m));
  out = out.replace(SECRET_PAIR, (_m, k: string) => `${k}=${MASK}`);
  return out.replace(BASE64_RUN, (run) => `<base64, ${kB((run.length * 3) / 4)}>`);
}

/**
 * A body as sent or received, safe to store: `secrets` are the account's own secret values (masked
 * wherever they occur, whatever the member is called).
 */
export function redactBody(body: unknown, secrets: readonly string[] = []): unknown {
  if (typeof body === 'string') return redactString(body, secrets);
  if (Array.isArray(body)) return body.map((v) => redactBody(v, secrets));
  if (body && typeof body === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      out[k] = SECRET_NAME.test(k) && v !== null && v !== '' && typeof v !== 'object' ? MASK : redactBody(v, secrets);
    }
    return out;
  }
  return body;
}

/** The URL as sent, with credential parameters (`?api_key=`, `?token=`) and secret values masked. */
export function redactUrl(raw: string, secrets: readonly string[] = []): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return scrubText(raw, secrets);
  }
  url.username = '';
  url.password = '';
  for (const key of [...new Set(url.searchParams.keys())]) {
    if (SECRET_NAME.test(key)) url.searchParams.set(key, MASK);
  }
  return scrubText(url.toString(), secrets);
}
