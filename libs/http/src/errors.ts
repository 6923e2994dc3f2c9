/** Typed domain errors; the error middleware maps them to status codes and `{"detail"}` bodies. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly detail: string, readonly extra: Record<string, unknown> = {}, readonly headers: Record<string, string> = {}) {
    super(detail);
  }
}

export class NotFoundError extends HttpError {
  constructor(detail = 'Not found.') {
    super(404, detail);
  }
}

export class ConflictError extends HttpError {
  constructor(detail: string) {
    super(409, detail);
  }
}

/** A 400 carrying every field error: `{"detail": "<first path>: <message>", "errors": {...}}`. */
export class InvalidError extends HttpError {
  constructor(readonly errors: Record<string, string[]>) {
    super(400, firstDetail(errors), { errors });
  }
  static field(path: string, message: string): InvalidError {
    return new InvalidError({ [path]: [message] });
  }
}

export class UnauthorizedError extends HttpError {
  constructor(detail = 'Invalid token.') {
    super(401, detail, {}, { 'WWW-Authenticate': 'Basic' });
  }
}

export class ForbiddenError extends HttpError {
  constructor(detail = 'You do not have permission to perform this action.') {
    super(403, detail);
  }
}

export function firstDetail(errors: Record<string, string[]>): string {
  const [path, messages] = Object.entries(errors)[0] ?? ['non_field_errors', ['Invalid input.']];
  return path === 'non_field_errors' ? messages[0] : `${path}: ${messages[0]}`;
}
