import express from 'express';
import request from 'supertest';
import { docsRoutes } from './docs.routes';
import type { CarrierDeclarations } from './carrier-declarations';

/** The OpenAPI document takes the carrier accounts' keys from carrier-link, and is kept only once it has them. */
const UPS: CarrierDeclarations[number] = {
  carrier: 'ups', name: 'UPS', booking_label_formats: ['pdf', 'zpl'],
  keys: [{ name: 'client_id', required: true, secret: false, description: 'OAuth client id' }],
};

describe('/openapi.json', () => {
  it('documents each carrier account key carrier-link declares; without an answer, it asks again next time', async () => {
    const answers: Array<CarrierDeclarations | null> = [null, [UPS]];
    let asked = 0;
    const app = express().use(docsRoutes('https://waybill.example.com', async () => answers[Math.min(asked++, answers.length - 1)]));
    const first = (await request(app).get('/openapi.json')).body;
    expect(first.components.schemas['CarrierCredentials.ups']).toBeUndefined();
    const second = (await request(app).get('/openapi.json')).body;
    expect(Object.keys(second.components.schemas['CarrierCredentials.ups'].properties)).toEqual(['client_id']);
    await request(app).get('/openapi.json');
    expect(asked).toBe(2);
  });
});
