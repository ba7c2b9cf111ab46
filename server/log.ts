/**
 * What the server's modules need of a logger: Fastify's (pino) is one, passed in by the
 * composition (app.ts), so the concerns and the database log without knowing the web framework.
 */
export interface Log {
  info(context: object, message?: string): void;
  info(message: string): void;
  warn(context: object, message?: string): void;
  warn(message: string): void;
  error(context: object, message?: string): void;
  error(message: string): void;
}
