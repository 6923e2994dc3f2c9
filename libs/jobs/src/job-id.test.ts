import { fromBullJobId, toBullJobId } from './job-id';
import { jitteredBackoffMs } from './backoff';
import { embedTrace, extractTrace } from './job-trace';

describe('BullMQ job ids', () => {
  it.each(['plain', 'webhook:evt-1:ep-2', '42', '-7', '%3A', 'a#b', '#42', '100%'])('round-trips %s into an id BullMQ accepts', (id) => {
    const bull = toBullJobId(id);
    expect(bull).not.toContain(':');
    expect(`${parseInt(bull, 10)}`).not.toBe(bull);
    expect(fromBullJobId(bull)).toBe(id);
  });

  it('never maps two ids to the same BullMQ id', () => {
    const ids = ['a:b', 'a%3Ab', 'a%253Ab', '42', '#42', '%2342'];
    expect(new Set(ids.map(toBullJobId)).size).toBe(ids.length);
  });
});

describe('jittered backoff', () => {
  it('doubles per attempt within ±20 %', () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const expected = 1000 * 2 ** (attempt - 1);
      for (let i = 0; i < 50; i++) {
        const d = jitteredBackoffMs(attempt, 1000);
        expect(d).toBeGreaterThanOrEqual(expected * 0.8);
        expect(d).toBeLessThanOrEqual(expected * 1.2);
      }
    }
  });
});

describe('trace context in job data', () => {
  it('is stored under a reserved key and handed back separately', () => {
    const trace = { traceparent: '00-abc-def-01' };
    expect(extractTrace(embedTrace({ a: 1 }, trace))).toEqual({ data: { a: 1 }, trace });
    expect(extractTrace(embedTrace([1, 2], trace))).toEqual({ data: [1, 2], trace });
    expect(extractTrace(embedTrace({ a: 1 }, undefined))).toEqual({ data: { a: 1 } });
  });
});
