import { Code, Msg } from '@textbook/contracts';

/**
 * An error with a stable id. The error funnel (http/envelope.ts) turns it into the envelope:
 * `code` for the client, `status` for proxies, `message` shown to the user verbatim.
 */
export class AppError extends Error {
  constructor(
    readonly id: string,
    readonly code: number,
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (msg: string = Msg.UNAUTHORIZED) =>
  new AppError('unauthorized', Code.UNAUTHORIZED, 401, msg);
export const forbidden = (msg: string = Msg.FORBIDDEN) => new AppError('forbidden', Code.FORBIDDEN, 403, msg);
export const notFound = (msg: string = Msg.NOT_FOUND) => new AppError('not_found', Code.NOT_FOUND, 404, msg);
/** A rule refused the request: the message is shown to the user as it is. */
export const refused = (msg: string, id = 'refused', status = 400) => new AppError(id, Code.REFUSED, status, msg);
export const conflict = (msg: string, id = 'conflict') => new AppError(id, Code.REFUSED, 409, msg);
export const tooLarge = (msg: string = Msg.TOO_LARGE) => new AppError('too_large', Code.REFUSED, 413, msg);
export const rateLimited = (msg: string = Msg.RATE_LIMITED) => new AppError('rate_limited', Code.REFUSED, 429, msg);
/** A warning the caller handles itself (601), with data. */
export const warning = (msg: string, data: unknown = null) => new AppError('warning', Code.WARNING, 200, msg, data);
export const otherCollege = (college: string, data: unknown = null) =>
  new AppError('other_college', Code.OTHER_COLLEGE, 200, Msg.OTHER_COLLEGE(college), data);
export const bindPhone = (msg: string, data: unknown = null) =>
  new AppError('bind_phone', Code.BIND_PHONE, 200, msg, data);
