import { validate } from '@waybill/contracts';
import { InvalidError } from './errors';

/** Validates a body against a contract schema, throwing a 400 with every field error. */
export function assertValid(schemaId: string, body: unknown): void {
  const result = validate(schemaId, body);
  if (!result.ok) throw new InvalidError(result.errors);
}
