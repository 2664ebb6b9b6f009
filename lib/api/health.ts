// Not server-only: statuses only, naming neither the courier's URL nor Redis's nor the database's.
import { z } from 'zod';
import { defineContract } from './contract';
import { ENDPOINTS } from './endpoints';

export const healthAnswerSchema = z.strictObject({
  /** This answer itself: the app is alive. */
  status: z.literal('ok'),
  courier: z.strictObject({
    /** The built-in courier (COURIER_SERVICE) rather than one at COURIER_BASE_URL. */
    builtin: z.boolean(),
    /** `up`: it answers; `degraded`: it answers with server errors; `down`: no answer. */
    status: z.enum(['up', 'degraded', 'down']),
    latencyMs: z.number().optional(),
    checkedAt: z.string(),
  }),
  /**
   * The shared store: memory (one instance), or Redis, `degraded` while each instance keeps to its
   * own memory.
   */
  store: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('memory'), status: z.literal('up') }),
    z.strictObject({
      kind: z.literal('redis'),
      status: z.enum(['up', 'degraded']),
      latencyMs: z.number().optional(),
    }),
  ]),
  /**
   * Where quote records are kept: the embedded PostgreSQL or a server; `degraded` while quotes
   * are answered without a record.
   */
  database: z.strictObject({
    kind: z.enum(['embedded', 'server']),
    status: z.enum(['up', 'degraded']),
    latencyMs: z.number().optional(),
  }),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** GET /api/health: liveness, and whether the courier, the shared store and the database answer. */
export const healthContract = defineContract({
  ...ENDPOINTS.health,
  summary: 'Liveness, and whether the courier, the shared store and the database answer',
  signedIn: false,
  answer: healthAnswerSchema,
  errors: [],
});
