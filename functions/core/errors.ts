/**
 * Named domain errors. Services throw these; the HTTP layer maps each to a status code and a
 * `{"detail": "..."}` body in one place (functions/http/group-handler.ts).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Not authenticated') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
/** 429 with Retry-After in whole seconds (at least 1), and any headers of the limit's own. */
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number, headers: Record<string, string> = {}) {
    super(429, message, { ...headers, 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
export class NotImplementedError extends AppError {
  constructor(message = 'This feature is not available yet') {
    super(501, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
