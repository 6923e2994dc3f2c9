import { decimalToMinor, minorDigits, minorToDecimal, numberToMinor } from './money';

describe('money', () => {
  it('knows the minor digits of a currency', () => {
    expect([minorDigits('GBP'), minorDigits('eur'), minorDigits('JPY'), minorDigits('BHD')]).toEqual([2, 2, 0, 3]);
  });

  it('reads decimal text into minor units, rounding half up', () => {
    expect(decimalToMinor('4.95', 2)).toBe(495);
    expect(decimalToMinor('4', 2)).toBe(400);
    expect(decimalToMinor('4.5', 2)).toBe(450);
    expect(decimalToMinor('4.995', 2)).toBe(500);
    expect(decimalToMinor('4.994', 2)).toBe(499);
    expect(decimalToMinor('1500', 0)).toBe(1500);
    expect(() => decimalToMinor('-1', 2)).toThrow();
  });

  it('reads JSON numbers through their decimal text, not binary arithmetic', () => {
    expect(numberToMinor(1.005, 2)).toBe(101); // 1.005 * 100 is 100.49999999999999 in floating point
    expect(numberToMinor(0.1 + 0.2, 2)).toBe(30);
    expect(numberToMinor(49.99, 2)).toBe(4999);
    expect(numberToMinor(1e-7, 2)).toBe(0);
    expect(numberToMinor(1.5e21, 2)).toBe(1.5e23);
  });

  it('writes minor units as decimal text', () => {
    expect(minorToDecimal(495, 2)).toBe('4.95');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(0, 2)).toBe('0.00');
    expect(minorToDecimal(1500, 0)).toBe('1500');
    expect(minorToDecimal(1234, 3)).toBe('1.234');
  });
});
