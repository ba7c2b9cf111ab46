/**
 * Mail servers for tests, on loopback: `startSmtpServer` is a real SMTP server (smtp-server) that
 * keeps what it receives; `startBlackhole` accepts connections and never says a word, like a mail
 * server that hangs. Both can take a given port, so a test can swap one for the other.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { parseMail, waitUntil, type ReceivedMail } from './mail';

/** A received mail and when it arrived (`performance.now()`). */
export type TimedMail = ReceivedMail & { at: number };

export interface TestSmtp {
  port: number;
  received: TimedMail[];
  /** The `count`-th mail to `to` (1: the first), once it has arrived. */
  mailTo(to: string, count?: number): Promise<TimedMail>;
  close(): Promise<void>;
}

const portOf = (server: net.Server) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** `acceptMs`: how long the server takes to accept each message, like a busy one. */
export async function startSmtpServer(port = 0, { acceptMs = 0 } = {}): Promise<TestSmtp> {
  const received: TimedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            ...parseMail(Buffer.concat(chunks).toString('utf8')),
            at: performance.now(),
          });
          done();
        }, acceptMs);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  const mailsTo = (to: string) => received.filter((mail) => mail.to.includes(to));
  return {
    port: portOf(smtp.server),
    received,
    async mailTo(to, count = 1) {
      await waitUntil(`mail number ${count} to ${to}`, () => mailsTo(to).length >= count);
      return mailsTo(to)[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

export interface Blackhole {
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  /** Stops listening and drops every connection it holds. */
  close(): Promise<void>;
}

export async function startBlackhole(port = 0): Promise<Blackhole> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: portOf(server),
    connections: () => accepted,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
