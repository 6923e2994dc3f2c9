import request from 'supertest';
import { createLogger } from '@waybill/logger';
import { createApp } from './app';
import { errorMiddleware } from './error-middleware';

const logger = createLogger('error-middleware-test', { level: 'silent' });

/** What a failure that is not the client's becomes: a retryable 503 when the database had no room, else a 500. */
describe('errors that are not the client\'s', () => {
  const app = createApp(logger);
  const fail = (err: Error) => () => { throw err; };
  app.get('/full', fail(Object.assign(new Error('sorry, too many clients already'), { code: '53300' })));
  app.get('/restarting', fail(Object.assign(new Error('the database system is starting up'), { code: '57P03' })));
  app.get('/bug', fail(new TypeError('x is undefined')));
  app.use(errorMiddleware(logger));

  it.each(['/full', '/restarting'])('answers %s with 503 and Retry-After, without the server\'s message', async (path) => {
    const res = await request(app).get(path);
    expect([res.status, res.headers['retry-after'], res.body.detail]).toEqual([503, '2', 'The database is busy; try again shortly.']);
  });

  it('answers anything else with 500 and a request id, nothing of the error', async () => {
    const res = await request(app).get('/bug');
    expect([res.status, res.body.detail, typeof res.body.request_id]).toEqual([500, 'Internal server error.', 'string']);
  });
});
