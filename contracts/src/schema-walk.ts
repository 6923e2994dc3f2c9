import { resolveRef, type JsonSchema } from './schemas';

type Node = Record<string, unknown>;

/**
 * Deep-copies a schema, handing every `$ref` (with its sibling keywords) to `replace`.
 * Used to re-point refs at OpenAPI components or at generated type names.
 */
export function rewriteRefs(schema: JsonSchema, replace: (target: JsonSchema, siblings: Node) => Node): Node {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const copy: Node = {};
    for (const [key, value] of Object.entries(node)) copy[key] = visit(value);
    if (typeof copy.$ref !== 'string') return copy;
    const { $ref, ...siblings } = copy;
    return replace(resolveRef($ref as string, schema), siblings);
  };
  return visit(schema) as Node;
}

/** Drops the keywords that only make sense for a standalone schema document. */
export function withoutDocumentKeywords(schema: Node): Node {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}
