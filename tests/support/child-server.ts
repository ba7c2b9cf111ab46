/**
 * The real server as a separate process (`node --import tsx server/main.ts`, with the heap size
 * `npm start` gives it), so a test can `kill -9` it and start it again on the same data. Loopback, a port of
 * its own (PORT 0: the address is read from its "Server listening" log line).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { PASSWORD, post, register, uniqueEmail } from './api';
import { codeFrom, outboxFiles, waitUntil } from './mail';
import type { TestServer } from './server';

export interface ChildServer extends Pick<TestServer, 'origin' | 'apiUrl'> {
  pid: number;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

export interface Refusal {
  code: number | null;
  stderr: string;
}

interface ChildOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** More environment variables (OPS_TOKEN, …) over the defaults below. */
  env?: NodeJS.ProcessEnv;
}

const STARTUP_LIMIT_MS = 90_000;

/**
 * The heap size `npm start` gives the server (package.json's start script, `SERVER_HEAP_MB`), so
 * a child measures what a started server does (docs/configuration.md).
 */
function heapFlag(): string {
  const start: string = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start;
  const fallback = /SERVER_HEAP_MB:-(\d+)/.exec(start)![1];
  return `--max-old-space-size=${process.env.SERVER_HEAP_MB ?? fallback}`;
}

function spawnServer({ dataDir, databaseUrl, env: extra = {} }: ChildOptions) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_ROOT: '',
    AUTH_RATE_LIMIT: '100000',
    TRACKING_RATE_LIMIT: '100000',
    MAIL_POLL_MS: '100',
    // Mail claimed by a killed server is taken up again after 12 times this (outbox lease).
    SMTP_TIMEOUT_MS: '1000',
    LOG: 'on',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.OPS_TOKEN;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return spawn(process.execPath, [heapFlag(), '--import', 'tsx', 'server/main.ts'], {
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts the server and answers once it listens; rejects (with what it printed) if it ends or takes too long. */
export function startChildServer(options: ChildOptions): Promise<ChildServer> {
  const child = spawnServer(options);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${STARTUP_LIMIT_MS} ms:\n${output}`));
    }, STARTUP_LIMIT_MS);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const untilListening = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening?.[1]) return;
      clearTimeout(timer);
      // The request log goes on; read and dropped, so the pipe never fills and stalls the server.
      child.stdout.off('data', untilListening);
      child.stdout.resume();
      resolve({
        origin: listening[1],
        apiUrl: `${listening[1]}/api/v1`,
        pid: child.pid!,
        exited,
        kill: (signal) => child.kill(signal),
      });
    };
    child.stdout.on('data', untilListening);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`The server ended (code ${code}, signal ${signal}) before listening:\n${output}`),
      );
    });
  });
}

/** Starts a server that is expected to refuse: answers its exit code and what it printed to stderr. */
export async function startRefusedServer(options: ChildOptions): Promise<Refusal> {
  const child = spawnServer(options);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), STARTUP_LIMIT_MS);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, stderr };
}

/** Signs up on a child server, verifying with the code its outbox folder got; answers the session token. */
export async function signUpThroughOutbox(
  server: ChildServer,
  dataDir: string,
  label = 'customer',
): Promise<string> {
  const email = uniqueEmail(label);
  const registered = await register(server, email);
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const mailTo = () => outboxFiles(dataDir).find((mail) => mail.to.includes(email));
  await waitUntil(`the code mailed to ${email}`, () => mailTo() !== undefined);
  const verified = await post(server, 'verify-email', {
    verification_token: codeFrom(mailTo()!.text),
    email,
  });
  if (verified.status !== 200) throw new Error(`verify-email: ${JSON.stringify(verified.body)}`);
  return (await post(server, 'login', { email, password: PASSWORD })).body.token;
}
