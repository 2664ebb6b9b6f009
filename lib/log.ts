import 'server-only';
import pino, { type Logger } from 'pino';
import { env } from './env';
import { processSingleton } from './process-singleton';

/**
 * Structured JSON logs. Secrets are redacted by key wherever they appear in a logged object; code
 * still never logs a request body, a cookie or a courier answer whole.
 */
export const REDACTED_KEYS = [
  'password',
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'access_token',
  'accessToken',
  'courierToken',
  'clientSecret',
  'secret',
];

interface LogSink {
  write(line: string): void;
}

const sinks = processSingleton('log-sinks', () => ({ current: process.stdout as LogSink }));

/** Tests only: send log lines somewhere else (and get the previous sink back). */
export function redirectLogs(sink: LogSink): LogSink {
  const previous = sinks.current;
  sinks.current = sink;
  return previous;
}

export const log: Logger = processSingleton('logger', () =>
  pino(
    {
      level: env.logLevel,
      base: { service: 'dispatch-quote' },
      redact: {
        paths: REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
        censor: '[redacted]',
      },
    },
    { write: (line: string) => sinks.current.write(line) },
  ),
);
