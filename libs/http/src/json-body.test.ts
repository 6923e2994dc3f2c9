import request from 'supertest';
import { createLogger } from '@waybill/logger';
import { createApp } from './app';
import { errorMiddleware } from './error-middleware';

const logger = createLogger('json-body-test', { level: 'silent' });
const app = createApp(logger);
app.post('/echo', (req, res) => { res.json({ body: req.body }); });
app.use(errorMiddleware(logger));

const post = (type: string, body: string | Buffer) => request(app).post('/echo').set('content-type', type).send(body);

describe('JSON bodies as clients label them (docs/api/consignments.md)', () => {
  it.each([
    'application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON; Charset="utf-8"', 'text/json', 'text/json; charset=utf-8',
  ])('reads %s as JSON', async (type) => {
    const res = await post(type, '{"name":"Zoë","value":"19.99"}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ body: { name: 'Zoë', value: '19.99' } });
  });

  it('decodes JSON declared in another charset by that charset', async () => {
    // superagent would serialise a Buffer as JSON, so the bytes go out through node:http.
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/echo`, {
        method: 'POST', headers: { 'content-type': 'application/json; charset=ISO-8859-1' }, body: Buffer.from('{"name":"Zo\u00eb"}', 'latin1'),
      });
      expect(await res.json()).toEqual({ body: { name: 'Zoë' } });
    } finally {
      server.close();
    }
  });

  it('answers a broken body 400 and another media type 415, with detail', async () => {
    const broken = await post('text/json;charset=windows-1252', '{"name":');
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/^JSON parse error - /);
    const form = await post('application/x-www-form-urlencoded', 'a=1');
    expect(form.status).toBe(415);
    expect(form.body.detail).toMatch(/Unsupported media type/);
    const unknownCharset = await post('application/json; charset=klingon', '{}');
    expect(unknownCharset.status).toBe(415);
    expect(typeof unknownCharset.body.detail).toBe('string');
  });
});
