import { request } from 'node:http';

/** An answer as sent: header names in their case and order (the date left out, the one thing two answers differ in). */
export interface RawAnswer { status: number; headers: Array<[string, string]>; body: string }

/** One request to 127.0.0.1:`port`, path sent exactly as given; for tests that compare two servers' answers byte for byte. */
export function rawAnswer(port: number, o: { method: string; path: string; headers: Record<string, string>; body?: string | Buffer }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: o.method, path: o.path, headers: o.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i].toLowerCase() !== 'date') pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode!, headers: pairs, body: text });
      });
    });
    req.on('error', reject);
    req.end(o.body);
  });
}
