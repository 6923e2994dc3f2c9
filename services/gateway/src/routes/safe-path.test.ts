import { safePath } from './public.routes';

describe('safePath', () => {
  it('keeps ordinary paths, without the trailing slash', () => {
    expect(safePath('/consignment/abc/documents/')).toBe('/consignment/abc/documents');
    expect(safePath('/consignments')).toBe('/consignments');
  });

  it.each(['/consignment/%2e%2e/manifest-claims', '/consignment/../x', '/consignment/./x', '/consignment/a%2Fb', '/consignment/a%5Cb', '/consignment//x', '/consignment/%E0%A4%A'])(
    'refuses %s, which could be normalised into another internal route', (p) => {
      expect(() => safePath(p)).toThrow();
    },
  );
});
