/**
 * What the request log says of a request: Fastify's usual fields, with the path alone instead of
 * the whole URL. A query string can hold what must not sit in a log file: the signature of a photo
 * link (whoever reads the log could open the photo), a staff search for a name, email or phone.
 * A private tracking link's token (/t/<token>, track-links/<token>) opens an order: it is cut
 * from the path too.
 */
import type { FastifyRequest } from 'fastify';

const pathOf = (url: string) =>
  url.split('?', 1)[0]!.replace(/^(\/t|\/api\/v1\/track-links)\/[^/]+/, '$1/…');

export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: pathOf(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
