declare module 'swagger-ui-dist' {
  /** Folder holding the Swagger UI static assets. */
  export function absolutePath(): string;
}
