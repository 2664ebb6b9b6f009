import 'server-only';
import { z } from 'zod';
import {
  COURIER_CODE,
  errorResponseSchema,
  LOGIN_PATH,
  loginRequestSchema,
  loginResponseSchema,
  QUOTATION_PATH,
  quotationRequestSchema,
  quotationResponseSchema,
  TOKEN_HEADER,
} from '../courier-api/wire';
import { COURIER_BODY_LIMIT_BYTES } from './body-limit';
import { COURIER_FAILURES, type FailureCode } from './errors';

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A zod schema of wire.ts as a JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** An error response listing the codes it can carry, each with its message as an example. */
function errorResponse(description: string, codes: FailureCode[], headers?: object) {
  return {
    description: `${description} (code ${codes.join(', ')})`,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema: schemaRef('Error'),
        examples: Object.fromEntries(
          codes.map((code) => [
            `code${code}`,
            { value: { code, message: COURIER_FAILURES[code].message } },
          ]),
        ),
      },
    },
  };
}

const C = COURIER_CODE;
const jsonBody = (name: string) => ({
  required: true,
  content: { 'application/json': { schema: schemaRef(name) } },
});
const success = (name: string, description: string) => ({
  description,
  content: { 'application/json': { schema: schemaRef(name) } },
});
const bodyFailures = {
  '413': { $ref: '#/components/responses/PayloadTooLarge' },
  '415': { $ref: '#/components/responses/UnsupportedMediaType' },
  '503': { $ref: '#/components/responses/Unavailable' },
};

function buildDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Express Delivery API — built-in courier',
      version: '1.0.0',
      description:
        'Login and quotation of the Express Delivery API, as served by this app under /courier. ' +
        'Every failure is `{code, message}` with a negative code, a Spanish message and a fitting ' +
        `HTTP status. Request bodies are JSON of at most ${COURIER_BODY_LIMIT_BYTES / 1024} KB.`,
    },
    servers: [{ url: '/courier' }],
    paths: {
      [LOGIN_PATH]: {
        post: {
          operationId: 'loginClient',
          summary: 'Log a dispatcher in and get an access token',
          deprecated: true,
          security: [{ basicClient: [] }],
          requestBody: jsonBody('LoginRequest'),
          responses: {
            '200': success('LoginResponse', 'The account’s profile and a signed access token'),
            '400': errorResponse('Malformed body, or the user is not an e-mail', [
              C.malformed,
              C.invalidEmail,
            ]),
            '401': errorResponse(
              'Unknown API client, or wrong user or password (the answer does not say which)',
              [C.unknownClient, C.wrongCredentials],
            ),
            '429': errorResponse(
              'Too many failed logins for this user or address',
              [C.tooManyAttempts],
              {
                'Retry-After': {
                  description: 'Seconds until another attempt is allowed',
                  schema: { type: 'integer', minimum: 1 },
                },
              },
            ),
            ...bodyFailures,
          },
        },
      },
      [QUOTATION_PATH]: {
        post: {
          operationId: 'validZipCode',
          summary: 'Check coverage and price a trip from the pickup through the drop-offs',
          deprecated: true,
          security: [{ accessToken: [] }],
          requestBody: jsonBody('QuotationRequest'),
          responses: {
            '200': success('QuotationResponse', 'The quote: MXN with VAT, km by road, minutes'),
            '400': errorResponse('Malformed body, wrong types or coordinates out of range', [
              C.malformed,
            ]),
            '401': errorResponse('Token missing, invalid or expired (log in again)', [
              C.tokenInvalid,
              C.tokenExpired,
            ]),
            '422': errorResponse(
              'Wrong number or flags of addresses (2 to 10, one pickup that is the source), or out of coverage',
              [C.wrongAddresses, C.dropoffOutOfCoverage, C.pickupOutOfCoverage],
            ),
            ...bodyFailures,
          },
        },
      },
    },
    components: {
      schemas: {
        LoginRequest: jsonSchema(loginRequestSchema, 'input'),
        LoginResponse: jsonSchema(loginResponseSchema, 'output'),
        QuotationRequest: jsonSchema(quotationRequestSchema, 'input'),
        QuotationResponse: jsonSchema(quotationResponseSchema, 'output'),
        Error: jsonSchema(errorResponseSchema, 'output'),
      },
      responses: {
        PayloadTooLarge: errorResponse('Body larger than 64 KB', [C.malformed]),
        UnsupportedMediaType: errorResponse('Body not sent as application/json', [C.malformed]),
        Unavailable: errorResponse('Internal fault; try again later', [C.unavailable]),
      },
      securitySchemes: {
        basicClient: {
          type: 'http',
          scheme: 'basic',
          description: 'The API client’s id and secret (COURIER_CLIENTS)',
        },
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER,
          description: '`token.access_token` of the login (not `Authorization: Bearer`)',
        },
      },
    },
  };
}

let document: ReturnType<typeof buildDocument> | undefined;

/** The OpenAPI 3.1 document of both operations, generated from wire.ts's zod schemas. */
export function courierOpenApiDocument() {
  return (document ??= buildDocument());
}
