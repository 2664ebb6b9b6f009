import 'server-only';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import type { AnswerOf, Contract } from '@/lib/api/contract';
import { ApiError } from './api-error';
import { fieldErrors } from './read-json';
import { readLocalizedJson } from './read-localized-json';

/**
 * A route handler's three steps by its contract (lib/api): read the query or the body with the
 * contract's schemas, and answer with what the contract's answer schema types.
 */

/**
 * The URL's query parameters, validated: 400 invalid_request with a message per parameter. A
 * parameter whose schema is an array gets every value (`at=…&at=…`); any other the last one.
 */
export function readQuery<C extends Contract & { query: $ZodType }>(
  request: Request,
  contract: C,
): output<C['query']> {
  const params = new URL(request.url).searchParams;
  const shape = (contract.query._zod.def as { shape?: Record<string, $ZodType> }).shape ?? {};
  const query: Record<string, string | string[]> = {};
  for (const [name, schema] of Object.entries(shape)) {
    if (schema._zod.def.type === 'array') query[name] = params.getAll(name);
  }
  for (const name of params.keys()) query[name] ??= params.getAll(name).at(-1)!;
  const result = safeParse(contract.query, query);
  if (!result.success) {
    throw new ApiError('invalid_request', 'Some parameters need attention.', {
      fields: fieldErrors(result.error.issues),
    });
  }
  return result.data as output<C['query']>;
}

/**
 * The JSON body, validated by the contract's schema (or the one `bodyFor` picks for an older
 * shape, which reads into the same request) within its size: 400/413/415 as lib/http/read-json.ts
 * says, field messages in the request's language.
 */
export function readBody<C extends Contract & { body: $ZodType }>(
  request: Request,
  contract: C,
): Promise<output<C['body']>> {
  return readLocalizedJson(request, contract.bodyFor ?? contract.body, {
    maxBytes: contract.maxBodyBytes,
  }) as Promise<output<C['body']>>;
}

/** The answer as JSON, of the type the contract's answer schema says; 204 when it has none. */
export function respond<C extends Contract>(
  contract: C,
  answer: AnswerOf<C>,
  init: ResponseInit = {},
): Response {
  return contract.answer
    ? Response.json(answer, init)
    : new Response(null, { ...init, status: 204 });
}
