/** Geometry of the manifest document, in PDF points (1/72 inch). A4 portrait. */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', rowSize: 7.5, lineHeight: 9.5 } as const;

export interface Column {
  key: 'index' | 'identifier' | 'consignment_number' | 'tracking' | 'postcode' | 'country' | 'packages' | 'weight';
  title: string;
  width: number;
  align: 'left' | 'right';
}

export const COLUMNS: readonly Column[] = [
  { key: 'index', title: '#', width: 22, align: 'right' },
  { key: 'identifier', title: 'Consignment', width: 142, align: 'left' },
  { key: 'consignment_number', title: 'Consignment no.', width: 78, align: 'left' },
  { key: 'tracking', title: 'Tracking numbers', width: 98, align: 'left' },
  { key: 'postcode', title: 'Postcode', width: 56, align: 'left' },
  { key: 'country', title: 'Country', width: 38, align: 'left' },
  { key: 'packages', title: 'Packages', width: 40, align: 'right' },
  { key: 'weight', title: 'Weight (kg)', width: 49.28, align: 'right' },
];

/** Vertical bands of every page: the repeated header, the table, the footer. */
export const BANDS = {
  headerTop: PAGE.margin,
  tableTop: 208,
  rowsTop: 208 + 16,
  footerTop: PAGE.height - PAGE.margin - 12,
} as const;

/** Height the totals and signature block needs after the last row. */
export const CLOSING_HEIGHT = 118;

/** A consignment with very many packages lists this many tracking-number lines at most, then "+ n more". */
export const MAX_TRACKING_LINES = 30;

export function rowLines(trackingCount: number, identifierLines = 1): number {
  return Math.max(1, identifierLines, Math.min(trackingCount, MAX_TRACKING_LINES));
}

/**
 * A consignment identifier as the lines of its column: Waybill's own (32 hex characters) fits on one,
 * a client's own may be up to 64 characters and is cut where the column ends.
 */
export function identifierLines(identifier: string, widthOf: (text: string) => number): string[] {
  const room = COLUMNS.find((c) => c.key === 'identifier')!.width - 6;
  if (widthOf(identifier) <= room) return [identifier];
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const ch of identifier) {
    const w = widthOf(ch);
    if (line !== '' && width + w > room) {
      lines.push(line);
      line = '';
      width = 0;
    }
    line += ch;
    width += w;
  }
  return [...lines, line];
}

/**
 * Splits rows into pages: as many as fit under the repeated header, and room for the closing block on
 * the last page (it gets a page of its own when it does not fit). Returns the row indexes of each page.
 */
export function paginate(lineCounts: number[]): number[][] {
  const capacity = BANDS.footerTop - 8 - BANDS.rowsTop;
  const pages: number[][] = [[]];
  let used = 0;
  lineCounts.forEach((lines, i) => {
    const h = lines * FONT.lineHeight + 3;
    if (used + h > capacity && pages[pages.length - 1].length > 0) {
      pages.push([]);
      used = 0;
    }
    pages[pages.length - 1].push(i);
    used += h;
  });
  if (used + CLOSING_HEIGHT > capacity) pages.push([]);
  return pages;
}
