import { isLooseDateTime, parseLooseDateTime } from './formats';

describe('date-time-loose', () => {
  it('reads a value without zone designator as UTC', () => {
    expect(parseLooseDateTime('2024-05-01 10:00:00')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(parseLooseDateTime('2024-05-01T10:00')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it('honours zone designators and fractions', () => {
    expect(parseLooseDateTime('2024-05-01T10:00:00.123456+01:30')?.toISOString()).toBe('2024-05-01T08:30:00.123Z');
    expect(parseLooseDateTime('2024-05-01T10:00:00-05')?.toISOString()).toBe('2024-05-01T15:00:00.000Z');
    expect(parseLooseDateTime('2024-05-01t10:00:00z')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it.each(['', 'yesterday', '2024-05-01', '2023-02-29T00:00:00', '2024-05-01T10:60:00', '2024-05-01T10:00:00+24:00', '2024-05-01T10:00:00 '])(
    'refuses %j', (value) => {
      expect(isLooseDateTime(value)).toBe(false);
    },
  );
});
