/**
 * `npm run ops -- orders | set-status | add-staff | remove-staff | mail`: staff commands that call
 * the running server's staff routes with the ops token (OPS_TOKEN, or the one the server keeps in
 * DATA_DIR/ops-token), so they work while the server holds the embedded database. SERVER_URL
 * says where the server is (default http://127.0.0.1:$PORT).
 */
import {
  calls,
  mailBacklogResponse,
  messageResponse,
  serviceTypeLabels,
  shipmentStatuses,
  staffOrderResponse,
  staffOrdersResponse,
  type ShipmentStatus,
  type UserRole,
} from '../../src/api/contract';
import { readConfig } from '../config';
import { opsTokenFile, readOpsToken } from './ops-token';

const USAGE = `Usage:
  npm run ops -- orders                                  the newest 50 quotes and deliveries
  npm run ops -- set-status <reference> <${shipmentStatuses.join('|')}> [note]   move one, and mail the customer
  npm run ops -- add-staff <email>                       make an existing account staff
  npm run ops -- remove-staff <email>                    make it a customer again
  npm run ops -- mail                                    mail waiting to be sent, and mail that failed`;

class OpsError extends Error {}

async function staffCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const config = readConfig();
  const token = readOpsToken(config.opsToken, config.dataDir);
  if (!token)
    throw new OpsError(
      `No staff token: set OPS_TOKEN, or start the server once so it writes ${opsTokenFile(config.dataDir)}.`,
    );
  const base = process.env.SERVER_URL ?? `http://127.0.0.1:${config.port}`;
  let response: Response;
  try {
    response = await fetch(`${base.replace(/\/$/, '')}/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new OpsError(
      `The server at ${base} does not answer: is it running? (SERVER_URL or PORT say where it is.)`,
    );
  }
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: Record<string, string[]>;
  };
  if (response.status === 401)
    throw new OpsError(
      "The server refused the staff token: OPS_TOKEN or DATA_DIR must match the server's.",
    );
  if (!response.ok) {
    const fields = Object.values(answer.errors ?? {})
      .flat()
      .filter((message) => message !== answer.message);
    throw new OpsError(
      [answer.message ?? `The server answered ${response.status}.`, ...fields].join('\n'),
    );
  }
  return answer;
}

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

async function listOrders(): Promise<string> {
  const { data } = staffOrdersResponse.parse(await staffCall('GET', calls.staffOrders.path));
  if (data.length === 0) return 'No quotes or deliveries yet.';
  return table([
    ['REFERENCE', 'SERVICE', 'STATUS', 'CREATED (UTC)', 'UPDATED (UTC)', 'CUSTOMER'],
    ...data.map((order) => [
      order.reference_number,
      serviceTypeLabels[order.service_type],
      order.status,
      order.created_at.slice(0, 16).replace('T', ' '),
      order.updated_at.slice(0, 16).replace('T', ' '),
      order.customer.email,
    ]),
  ]);
}

async function setStatus(
  reference: string | undefined,
  status: string | undefined,
  note: string[],
): Promise<string> {
  if (!reference || !shipmentStatuses.includes(status as ShipmentStatus)) throw new OpsError(USAGE);
  const path = calls.staffSetStatus.path.replace('{id}', encodeURIComponent(reference));
  const { message, data } = staffOrderResponse.parse(
    await staffCall('POST', path, { status, ...(note.length ? { note: note.join(' ') } : {}) }),
  );
  const steps = data.history
    .filter((step) => step.event === 'status')
    .map(
      (step) =>
        `  ${step.status.padEnd(10)} ${step.at}  ${step.by}${step.note ? `: ${step.note}` : ''}`,
    )
    .join('\n');
  return `${data.reference_number}: ${message}\n${steps}`;
}

async function setRole(email: string | undefined, role: UserRole): Promise<string> {
  if (!email) throw new OpsError(USAGE);
  return messageResponse.parse(await staffCall('POST', calls.setRole.path, { email, role }))
    .message;
}

async function mailBacklog(): Promise<string> {
  const { data } = mailBacklogResponse.parse(await staffCall('GET', calls.staffMail.path));
  const since = data.oldest_pending
    ? ` (oldest written ${data.oldest_pending.slice(0, 19).replace('T', ' ')} UTC)`
    : '';
  const summary = `${data.pending} waiting to be sent${since}, ${data.failed} failed.`;
  if (data.failures.length === 0) return summary;
  return `${summary}\n\nFailed (given up after retrying; newest first):\n${table([
    ['ID', 'WRITTEN (UTC)', 'TO', 'SUBJECT', 'TRIES', 'LAST ERROR'],
    ...data.failures.map((failure) => [
      String(failure.id),
      failure.created_at.slice(0, 16).replace('T', ' '),
      failure.to,
      failure.subject,
      String(failure.attempts),
      failure.last_error ?? '',
    ]),
  ])}`;
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'orders') console.log(await listOrders());
  else if (command === 'set-status') console.log(await setStatus(args[0], args[1], args.slice(2)));
  else if (command === 'add-staff') console.log(await setRole(args[0], 'staff'));
  else if (command === 'remove-staff') console.log(await setRole(args[0], 'customer'));
  else if (command === 'mail') console.log(await mailBacklog());
  else throw new OpsError(USAGE);
} catch (error) {
  console.error(error instanceof OpsError ? error.message : error);
  process.exitCode = 1;
}
