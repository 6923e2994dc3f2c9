import type { ManifestDocumentsTable, ManifestsTable } from './manifests/manifest.table';

/** Every table of the manifest service's schema. */
export interface ManifestDb {
  manifests: ManifestsTable;
  manifest_documents: ManifestDocumentsTable;
}
