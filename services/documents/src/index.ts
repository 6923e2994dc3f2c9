export { startDocumentsService, SCHEMA } from './service';
export { openDocumentsAdmin, type DocumentsAdmin } from './admin';
export { buildApp, AUDIENCE } from './app';
export type { DocumentSettings } from './settings/settings.repository';
