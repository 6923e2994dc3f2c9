export { createTestDatabase, usingRealServers, type TestDatabase } from './databases';
export { eventually } from './poll';
export { readPdf, type PdfPage } from './pdf/read-pdf';
