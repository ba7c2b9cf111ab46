/**
 * Mail is composed and sent on a thread of its own, at a lower CPU priority than the requests.
 * Composing a message (nodemailer's MIME encoding) and writing it out is CPU work of about the
 * size of a whole booking request; on the request thread it held up answers, and under a burst
 * of bookings it competed with them for the CPU. Here a burst is answered first and its mails
 * follow as soon as the CPU has room (README, Measurements). The outbox (./outbox.ts) still
 * decides what to send and when, and stores every outcome; this thread only delivers.
 *
 * One file for both sides: `deliveryThread` (the request thread's `Transport`) starts this same
 * module as the worker, which then runs `serve`.
 */
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Mail, type Transport, type TransportOptions } from './mailer';

type Request = { id: number; mail: Mail } | { close: true };
type Reply = { id: number; file: string | null } | { id: number; error: string };

/** Nice 19, the lowest: when the CPU is busy this thread gets about 1/70 of a request thread's share. */
const LOWER_PRIORITY = 19;

/** The worker: delivers each mail it is handed, in order, and answers how it went. */
function serve(port: NonNullable<typeof parentPort>, options: TransportOptions) {
  // Linux keeps a nice value per thread, so this lowers this thread only; elsewhere it would lower the whole server.
  if (process.platform === 'linux') os.setPriority(LOWER_PRIORITY);
  const transport = createTransport(options);
  port.on('message', async (request: Request) => {
    if ('close' in request) {
      transport.close();
      port.close();
      return;
    }
    const reply: Reply = await transport.deliver(request.mail).then(
      (file) => ({ id: request.id, file }),
      (error: unknown) => ({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
    port.postMessage(reply);
  });
}

if (!isMainThread && workerData?.deliveryThread) serve(parentPort!, workerData.options);

/**
 * The worker runs this file as TypeScript, as the server does: it registers tsx's loader first
 * (the loader of the thread that starts it does not carry over to a worker).
 */
function startWorker(options: TransportOptions): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;
  return new Worker(source, { eval: true, workerData: { deliveryThread: true, options } });
}

/** The request thread's side: a `Transport` whose `deliver` runs on the delivery thread. */
export function deliveryThread(options: TransportOptions, log: FastifyBaseLogger): Transport {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void; mail: Mail }>();

  function failAll(error: Error) {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const thread = startWorker(options);
    thread.on('message', (reply: Reply) => {
      const pending = waiting.get(reply.id);
      if (!pending) return;
      waiting.delete(reply.id);
      if (waiting.size === 0) thread.unref();
      if ('error' in reply) return pending.reject(new Error(reply.error));
      if (reply.file) log.info({ to: pending.mail.to, file: reply.file }, `mail "${pending.mail.subject}" written to the outbox`);
      pending.resolve();
    });
    // A thread that dies takes no mail with it: the outbox retries what was not confirmed, on a new thread.
    thread.on('error', (error) => log.error({ err: error }, 'mail delivery thread failed'));
    thread.on('exit', () => {
      if (worker === thread) worker = null;
      failAll(new Error('mail delivery thread stopped'));
    });
    worker = thread;
    return thread;
  }

  return {
    deliver(mail) {
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject, mail });
        // Held open while a mail is on its way, so a closing server waits for it; idle, it keeps nothing alive.
        const thread = started();
        thread.ref();
        thread.postMessage({ id, mail } satisfies Request);
      });
    },
    close() {
      worker?.postMessage({ close: true } satisfies Request);
      worker = null;
    },
  };
}
