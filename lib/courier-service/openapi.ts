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
import { MAX_ADDRESSES, MIN_ADDRESSES } from '../courier-api/limits';
import { COURIER_BODY_LIMIT_BYTES } from './body-limit';
import { COURIER_FAILURES, type ErrorStatusMode, type FailureCode } from './errors';

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

/** An operation's failures: a description and the codes it may answer with, by HTTP status. */
type Failures = Record<string, { description: string; codes: FailureCode[]; headers?: object }>;

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds until another attempt is allowed',
    schema: { type: 'integer', minimum: 1 },
  },
};

const BODY_FAILURES: Failures = {
  '413': {
    description: `Body larger than ${COURIER_BODY_LIMIT_BYTES / 1024} KB`,
    codes: [C.malformed],
  },
  '415': { description: 'Body not sent as application/json', codes: [C.malformed] },
  '503': { description: 'Internal fault; try again later', codes: [C.unavailable] },
};

const LOGIN_FAILURES: Failures = {
  '400': {
    description: 'Malformed body, or the user is not an e-mail',
    codes: [C.malformed, C.invalidEmail],
  },
  '401': {
    description: 'Unknown API client, or wrong user or password (the answer does not say which)',
    codes: [C.unknownClient, C.wrongCredentials],
  },
  '429': {
    description: 'Too many failed logins for this user or address',
    codes: [C.tooManyAttempts],
    headers: RETRY_AFTER,
  },
  ...BODY_FAILURES,
};

const QUOTATION_FAILURES: Failures = {
  '400': {
    description: 'Malformed body, wrong types or coordinates out of range',
    codes: [C.malformed],
  },
  '401': {
    description: 'Token missing, invalid or expired (log in again)',
    codes: [C.tokenInvalid, C.tokenExpired],
  },
  '422': {
    description: `Wrong number or flags of addresses (${MIN_ADDRESSES} to ${MAX_ADDRESSES}, one pickup that is the source), or out of coverage`,
    codes: [C.wrongAddresses, C.dropoffOutOfCoverage, C.pickupOutOfCoverage],
  },
  ...BODY_FAILURES,
};

/**
 * The responses of an operation in the mode in force: in `http` mode each failure under its own
 * status; in `legacy` mode one HTTP 200 that is either the result (`code: 0`) or a failure
 * (negative `code`), every code listed with its message, as the legacy service answered.
 */
function responses(
  mode: ErrorStatusMode,
  resultName: string,
  resultDescription: string,
  failures: Failures,
) {
  if (mode === 'http') {
    return {
      '200': success(resultName, resultDescription),
      ...Object.fromEntries(
        Object.entries(failures).map(([status, { description, codes, headers }]) => [
          status,
          errorResponse(description, codes, headers),
        ]),
      ),
    };
  }
  const codes = [...new Set(Object.values(failures).flatMap((failure) => failure.codes))];
  return {
    '200': {
      description:
        `${resultDescription} when \`code\` is 0; otherwise a failure with a negative \`code\` ` +
        'and a Spanish `message`. Every failure comes over HTTP 200 in this mode: ' +
        Object.values(failures)
          .map(({ description, codes }) => `${description} (${codes.join(', ')})`)
          .join('; ') +
        '.',
      headers: {
        'Retry-After': {
          ...RETRY_AFTER['Retry-After'],
          description: 'With code -165: seconds until another attempt is allowed',
        },
      },
      content: {
        'application/json': {
          schema: { oneOf: [schemaRef(resultName), schemaRef('Error')] },
          examples: Object.fromEntries(
            codes.map((code) => [
              `code${code}`,
              { value: { code, message: COURIER_FAILURES[code].message } },
            ]),
          ),
        },
      },
    },
  };
}

const MODE_DESCRIPTION: Record<ErrorStatusMode, string> = {
  legacy:
    'Error mode `legacy` (COURIER_ERROR_STATUS): every failure the service decides is answered ' +
    'over HTTP 200 with `{code, message}`, a negative code and a Spanish message, as the legacy ' +
    'service answered; clients read `code` on every answer. A method other than POST is answered ' +
    '405 by the router.',
  http:
    'Error mode `http` (COURIER_ERROR_STATUS): every failure is `{code, message}` with a negative ' +
    'code, a Spanish message and the HTTP status of its code. A method other than POST is ' +
    'answered 405 by the router.',
};

function buildDocument(mode: ErrorStatusMode) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Express Delivery API — built-in courier',
      version: '1.1.0',
      description:
        'Login and quotation of the Express Delivery API, as served by this app under /courier ' +
        `(docs/courier-api.md). ${MODE_DESCRIPTION[mode]} Request bodies are JSON of at most ` +
        `${COURIER_BODY_LIMIT_BYTES / 1024} KB.`,
      'x-error-status': mode,
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
          responses: responses(
            mode,
            'LoginResponse',
            'The account’s profile and a signed access token',
            LOGIN_FAILURES,
          ),
        },
      },
      [QUOTATION_PATH]: {
        post: {
          operationId: 'validZipCode',
          summary: 'Check coverage and price a trip from the pickup through the drop-offs',
          deprecated: true,
          security: [{ accessToken: [] }],
          requestBody: jsonBody('QuotationRequest'),
          responses: responses(
            mode,
            'QuotationResponse',
            'The quote: MXN with VAT, km by road, minutes',
            QUOTATION_FAILURES,
          ),
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
          description:
            '`token.access_token` of the login (not `Authorization: Bearer`; any letter case, e.g. `Token`)',
        },
      },
    },
  };
}

const documents = new Map<ErrorStatusMode, ReturnType<typeof buildDocument>>();

/** The OpenAPI 3.1 document of both operations in the error mode in force, from wire.ts's schemas. */
export function courierOpenApiDocument(mode: ErrorStatusMode) {
  let document = documents.get(mode);
  if (!document) documents.set(mode, (document = buildDocument(mode)));
  return document;
}
