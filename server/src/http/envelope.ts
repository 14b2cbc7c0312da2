import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, Msg, type Envelope } from '@textbook/contracts';
import { AppError } from './errors.js';

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: Code.OK, msg, data };
}

/**
 * An answer's data already written as JSON, for a list kept whole beside its read cache: sent as these bytes in
 * the envelope, not built and serialized again for each request. `T` is what the bytes say.
 */
export class JsonData<T = unknown> {
  declare readonly said?: T;
  constructor(readonly bytes: Buffer) {}
}
export const jsonData = <T>(value: T): JsonData<T> => new JsonData<T>(Buffer.from(JSON.stringify(value)));

const CLOSE = Buffer.from('}');

/** The serializer of every route with an answer: JSON.stringify, or the envelope around data already in JSON. */
export function serializeAnswer(payload: unknown): string | Buffer {
  const envelope = payload as Envelope<unknown> | null;
  if (!(envelope?.data instanceof JsonData)) return JSON.stringify(payload);
  const head = `{"code":${JSON.stringify(envelope.code)},"msg":${JSON.stringify(envelope.msg)},"data":`;
  return Buffer.concat([Buffer.from(head), envelope.data.bytes, CLOSE]);
}

function send(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).type('application/json; charset=utf-8').send({ code, msg, data });
}

/** The first validation message: contracts carry the spec's exact Chinese texts. */
function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const message = first?.message;
    if (message && /[\u4e00-\u9fa5]/.test(message)) return message;
  }
  return Msg.BAD_REQUEST;
}

/**
 * A multipart body the parser cannot read: no boundary, a cut-off form, a malformed part (busboy's plain errors,
 * which carry no status), or @fastify/multipart's own refusals of the content type.
 */
function malformedMultipart(error: FastifyError): boolean {
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || error.code === 'FST_PROTO_VIOLATION') return true;
  return (
    error.statusCode === undefined &&
    /^(Multipart: |Unexpected end of (form|file)|Malformed (part header|urlencoded form))/.test(error.message)
  );
}

/**
 * The one error funnel: known errors become their envelope, validation errors their rule's message,
 * anything else code 500 with the generic message, logged with the request id and never shown.
 */
export function registerErrorFunnel(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'refused with a server status');
      return send(reply, error.status, error.code, error.message, error.data);
    }
    if (error.validation) return send(reply, 400, Code.REFUSED, validationMessage(error));
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, Code.REFUSED, Msg.TOO_LARGE);
    }
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, Code.REFUSED, Msg.BAD_REQUEST);
    }
    if (malformedMultipart(error)) return send(reply, 400, Code.REFUSED, Msg.BAD_MULTIPART);
    if (error.statusCode === 429) return send(reply, 429, Code.REFUSED, Msg.RATE_LIMITED);
    // Any other refusal Fastify or a plugin marks as the client's fault keeps its status, never a 500.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(reply, status, Code.REFUSED, Msg.BAD_REQUEST);
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, Code.REFUSED, Msg.UNKNOWN);
  });
}

/**
 * Fastify's own refusals before a route is found — a path whose escapes do not decode (`%E0%A4%A`, a lone
 * surrogate's bytes) or a path parameter past `maxParamLength` — answered in the envelope like every other
 * refusal, not in Fastify's English shape. Fastify's `frameworkErrors` option.
 */
export function frameworkRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, status, Code.REFUSED, Msg.BAD_REQUEST);
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, Code.NOT_FOUND, Msg.NOT_FOUND);
}
