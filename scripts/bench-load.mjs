/**
 * One autocannon load for `npm run bench:api` (scripts/bench-api.ts), in a process of its own so
 * generating the load does not slow the server measured. Its options come as JSON in the first
 * argument; a share `badTokenShare` of the requests, drawn at random one by one, carry a garbage
 * bearer token instead of the given one. Prints autocannon's result as JSON.
 */
import crypto from 'node:crypto';
import autocannon from 'autocannon';

const { url, headers, body, connections, seconds, badTokenShare = 0 } = JSON.parse(process.argv[2]);
const garbage = {
  ...headers,
  authorization: `Bearer ${crypto.randomBytes(32).toString('base64url')}`,
};
const result = await autocannon({
  url,
  method: 'POST',
  headers,
  body,
  connections,
  duration: seconds,
  requests:
    badTokenShare > 0
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: Math.random() < badTokenShare ? garbage : headers,
            }),
          },
        ]
      : undefined,
});
process.stdout.write(JSON.stringify(result));
