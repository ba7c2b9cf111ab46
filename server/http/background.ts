/**
 * Work done after the answer has gone, so its cost cannot be read from the answer's timing
 * (forget-password and resend look an account up and mail it only here). Failures are logged,
 * never unhandled; the server waits for what is still running before it closes the database.
 */
import { finished } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Starts `work` once the answer has been handed to the connection (or the connection has
   * gone): started any earlier, the embedded database, whose queries run on this thread, would
   * hold the answer back for as long as the lookup takes.
   */
  afterAnswer(reply: FastifyReply, what: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => finished(reply.raw, () => resolve()))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once nothing is running, including work started by work. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all(this.running);
  }
}
