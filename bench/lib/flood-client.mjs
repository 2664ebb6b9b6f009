// Failed sign-ins as fast as the server answers them, in a process of its own (so that the
// flood's client does not slow the bench's own measuring client): each attempt with a new e-mail
// and, through X-Forwarded-For, from a new address.
//   node bench/lib/flood-client.mjs <origin> <connections> <seconds>
// Prints one JSON line at the end: attempts, attempts per second, answers by status, errors.
import autocannon from 'autocannon';

const [origin, connections, seconds] = process.argv.slice(2);
let attempt = 0;
const statuses = {};
const instance = autocannon({
  url: `${origin}/api/session`,
  method: 'POST',
  connections: Number(connections),
  pipelining: 1,
  duration: Number(seconds),
  timeout: 30,
  headers: { origin, 'content-type': 'application/json' },
  requests: [
    {
      setupRequest(request) {
        const n = ++attempt;
        return {
          ...request,
          headers: {
            ...request.headers,
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({ email: `flood-${n}@example.com`, password: 'Summer2026!' }),
        };
      },
    },
  ],
});
instance.on('response', (_client, statusCode) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
const result = await instance;
console.log(
  JSON.stringify({
    attempts: result.requests.total,
    perSecond: result.requests.total / result.duration,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
