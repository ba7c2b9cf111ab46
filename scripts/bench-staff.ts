/**
 * `npm run bench:staff`: the staff queue, overview and exports at scale (docs/measurements.md).
 *
 * PostgreSQL (DATABASE_URL, a scratch database made and dropped here, never the one named):
 * 1,000,000 orders, 2,000,000 receivers, 100,000 customers. `--embedded` (or no DATABASE_URL):
 * the embedded database with 100,000 orders (and the same proportions). Seeded with
 * generate_series through the real migrations, indexes built after the rows.
 *
 * Each query shape runs ROUNDS times through the server's own query code; printed are p50, p95,
 * whether the plan reads an index (EXPLAIN) and whether the goal is met: queue pages, filters and
 * searches p95 ≤ 50 ms, the overview p95 ≤ 100 ms. Then the real server (a child process) sends
 * the CSV of every order and of every subscriber while another client asks for the first queue
 * page: the server's RSS growth (goal ≤ 50 MB) and how long the other requests took are printed.
 *
 * `--reuse` keeps the seeded data for the next run (PostgreSQL: the database `bench_staff` beside
 * the one DATABASE_URL names; embedded: $TMPDIR/bench-staff-embedded) and seeds only when it is
 * not there yet, so a change to a query is measured again in seconds; migrations added since run
 * on the seeded rows when the database opens. `--only=queries` or `--only=exports` runs one stage,
 * `--shapes=<text>` only the query shapes whose name holds the text, `--explain` prints their
 * EXPLAIN (ANALYZE, BUFFERS).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { dayAfter, overviewCounts, todayInLagos } from '../src/api/contract';
import { openDatabase, type DB } from '../server/db/database';
import { orderQueue, queuePageQuery, type QueueQuery } from '../server/orders/order-queue';
import { overviewCountQuery, staffOverview } from '../server/orders/staff-overview';
import { startChildServer } from '../tests/support/child-server';
import pg from 'pg';

const embedded = process.argv.includes('--embedded') || !process.env.DATABASE_URL;
const ORDERS = embedded ? 100_000 : 1_000_000;
const CUSTOMERS = ORDERS / 10;
/** `--rounds=N` for a quick look while iterating; docs/measurements.md's figures are 200. */
const ROUNDS = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 200,
);
const reuse = process.argv.includes('--reuse');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
/** `--shapes=search` measures only the query shapes whose name holds that text. */
const shapeFilter = process.argv
  .find((arg) => arg.startsWith('--shapes='))
  ?.slice('--shapes='.length);
/** `--explain` prints each shape's EXPLAIN (ANALYZE, BUFFERS) before measuring it. */
const explainAnalyzed = process.argv.includes('--explain');
if (only && only !== 'queries' && only !== 'exports')
  throw new Error('--only takes queries or exports');
const OPS_TOKEN = 'bench-staff-ops-token-0123456789abcdef0123456789abcdef';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((values.length * p) / 100))
  ]!;
const ms = (value: number) => value.toFixed(1).padStart(7);

/** The syllables names are made of: 22³ surnames, so a part of one finds a realistic few. */
const SYLLABLES = [
  'ade',
  'bo',
  'chi',
  'du',
  'eke',
  'fo',
  'gbe',
  'ha',
  'ike',
  'ju',
  'ka',
  'lo',
  'mu',
  'nne',
  'olu',
  'pe',
  'ri',
  'so',
  'tun',
  'wu',
  'ya',
  'zi',
];
const FIRST = [
  'Ada',
  'Bola',
  'Chidi',
  'Dayo',
  'Emeka',
  'Funke',
  'Gbenga',
  'Halima',
  'Ifeoma',
  'Jide',
  'Kemi',
  'Lola',
  'Musa',
  'Ngozi',
  'Obi',
  'Sade',
  'Tunde',
  'Uche',
  'Yemi',
  'Zainab',
];
const syllables = `array[${SYLLABLES.map((s) => `'${s}'`).join(',')}]`;
const firsts = `array[${FIRST.map((s) => `'${s}'`).join(',')}]`;
/** A name for row number `n` (SQL): first name and a three-syllable surname. */
const nameOf = (n: string, salt: number) =>
  `(${firsts})[1 + (${n} * ${7 + salt}) % ${FIRST.length}] || ' ' || initcap((${syllables})[1 + (${n} * ${13 + salt}) % 22] || (${syllables})[1 + (${n} / 22 + ${salt}) % 22] || (${syllables})[1 + (${n} / 484 + ${salt * 3}) % 22])`;
const phoneOf = (n: string, prefix: string) =>
  `'${prefix}' || lpad(((${n})::bigint * 7919 % 100000000)::text, 8, '0')`;

/**
 * A database of the bench's own beside the one DATABASE_URL names (never that one), dropped at
 * the end; with `--reuse`, one kept between runs.
 */
async function scratchDatabase(baseUrl: string) {
  const name = reuse ? 'bench_staff' : `bench_staff_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  if (!reuse) {
    await admin(`create database ${name}`);
    return { url: url.toString(), drop };
  }
  await admin(`create database ${name}`).catch((error: { code?: string }) => {
    if (error.code !== '42P04') throw error; // duplicate_database: kept from an earlier run
  });
  return { url: url.toString(), drop: async () => {} };
}

/** Whether an earlier `--reuse` run seeded this database completely (the seed's last step marks it). */
async function seeded(db: DB) {
  const { rows } = await sql<{ marked: boolean }>`
    select exists (select 1 from pg_class where relname = 'bench_staff_seeded') as marked`.execute(
    db,
  );
  return rows[0]!.marked;
}

async function seed(db: DB) {
  const started = performance.now();
  const tables = [
    'users',
    'shipments',
    'deliveries',
    'quotes',
    'delivery_receivers',
    'offers',
    'newsletter_subscribers',
  ];
  // Indexes are built once after the rows, as a bulk load should be; the migrations' definitions are kept.
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = any(${tables})
      and indexname not in (select conname from pg_constraint)`.execute(db);
  await db.connection().execute(async (connection) => {
    for (const { indexname } of indexes)
      await sql`drop index ${sql.ref(indexname)}`.execute(connection);
    // The rows are made whole here (job dates included), so triggers and foreign-key checks are skipped.
    await sql`set session_replication_role = replica`.execute(connection);
    const run = (statement: string) => sql.raw(statement).execute(connection);
    await run(`insert into users (fullname, email, phone, password_hash)
      select ${nameOf('n', 0)}, 'customer' || n || '@example.com', ${phoneOf('n', '0803')}, 'not-a-hash' from generate_series(1, ${CUSTOMERS}) as n`);
    // 2% to inspect, 1% shipped (the open ones), the rest delivered or cancelled; one a minute back from now.
    await run(`insert into shipments (reference, user_id, service_type, status, created_at, updated_at, job_date)
      select 'RL-' || upper(substr(md5(n::text), 1, 5) || lpad(to_hex(n), 5, '0')), 1 + n % ${CUSTOMERS},
        (array['instant_delivery','instant_delivery','instant_delivery','scheduled_delivery','scheduled_delivery','bulk_delivery','bulk_delivery','state_service','local_service','office_service'])[1 + n % 10],
        case when n > ${ORDERS * 0.98} then 'ToInspect' when n > ${ORDERS * 0.97} then 'Shipped' when n % 10 = 0 then 'Cancelled' else 'Delivered' end,
        now() - (${ORDERS} - n) * interval '1 minute', now() - (${ORDERS} - n) * interval '1 minute',
        (now() - (${ORDERS} - n) * interval '1 minute')::date + (n % 14)
      from generate_series(1, ${ORDERS}) as n`);
    await run(`insert into deliveries (shipment_id, pickup_address, sender_fullname, sender_phone, pickup_date, description)
      select id, id || ' Admiralty Way, Lekki', ${nameOf('id', 1)}, ${phoneOf('id', '0813')}, job_date, 'Boxes' from shipments where service_type like '%delivery'`);
    await run(`insert into quotes (shipment_id, moving_from_address, moving_from_apartment_type, number_of_room_moving_from, from_floor,
        moving_to_address, moving_to_apartment_type, number_of_room_moving_to, to_floor, full_name, email, mobile_phone, services, moving_date)
      select id, 'Ikoyi', 'Duplex', '3', '1st', 'Maitama', 'Apartment', '2', 'Ground', ${nameOf('id', 2)}, 'contact' || id || '@example.com',
        ${phoneOf('id', '0703')}, 'just_moving', job_date from shipments where service_type like '%service'`);
    // One receiver for an instant or scheduled delivery, seven or eight for a bulk one: two million in all at a million orders.
    await run(`insert into delivery_receivers (shipment_id, position, address, name, phone, delivery_date)
      select s.id, p, p || ' Marina Road', ${nameOf('(s.id * 8 + p)', 3)}, ${phoneOf('(s.id * 8 + p)', '0805')}, s.job_date
      from shipments s, generate_series(1, case when s.service_type = 'bulk_delivery' then 7 + s.id % 2 else 1 end) as p
      where s.service_type like '%delivery'`);
    // Half the orders were priced: accepted when done, open, declined or open and ending today when still open.
    await run(`insert into offers (shipment_id, amount_kobo, valid_until, state, actor)
      select id, 5000000 + id % 1000 * 100, case when id % 8 = 0 then current_date else job_date + 3 end,
        case when status in ('Delivered', 'Cancelled') then 'accepted' when id % 6 = 0 then 'declined' else 'open' end, 'staff'
      from shipments where id % 2 = 0`);
    // What the offers' trigger (migration 013) keeps on the order, skipped with the triggers here.
    await run(`update shipments set live_offer_state = offers.state, live_offer_valid_until = offers.valid_until
      from offers where offers.shipment_id = shipments.id and offers.state in ('open', 'accepted')`);
    await run(
      `insert into newsletter_subscribers (email) select 'reader' || n || '@example.com' from generate_series(1, ${ORDERS}) as n`,
    );
    await sql`set session_replication_role = origin`.execute(connection);
    for (const { indexdef } of indexes) await sql.raw(indexdef).execute(connection);
    // Vacuumed as autovacuum would have done by now, so index-only scans find the pages all-visible.
    await run('vacuum analyze');
    await run('create table bench_staff_seeded ()');
  });
  return (performance.now() - started) / 1000;
}

interface Shape {
  name: string;
  goalMs: number;
  run: () => Promise<unknown>;
  /** EXPLAIN as JSON; with `analyzed`, EXPLAIN (ANALYZE, BUFFERS) as text, for `--explain`. */
  explain: (analyzed?: boolean) => Promise<unknown[]>;
}

/** Whether a plan reads rows through an index, and any table it reads whole (a sequential scan). */
function planSays(plan: unknown[]): string {
  const text = JSON.stringify(plan);
  const seq = [...text.matchAll(/"Node Type":"Seq Scan"[^}]*?"Relation Name":"(\w+)"/g)].map(
    (match) => match[1],
  );
  const indexed = /Index (Only )?Scan|Bitmap Index Scan/.test(text);
  return `${indexed ? 'index' : 'no index'}${seq.length ? ` (seq scan: ${[...new Set(seq)].join(', ')})` : ''}`;
}

async function measure(shapes: Shape[]) {
  const results = [];
  for (const shape of shapes) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      await shape.run();
      times.push(performance.now() - started);
    }
    const p95 = percentile(times, 95);
    results.push({
      name: shape.name,
      p50: percentile(times, 50),
      p95,
      plan: planSays(await shape.explain()),
      met: p95 <= shape.goalMs,
      goal: shape.goalMs,
    });
  }
  return results;
}

function queueShape(db: DB, name: string, query: QueueQuery): Shape {
  return {
    name,
    goalMs: 50,
    run: () => orderQueue(db, query),
    explain: (analyzed) =>
      analyzed
        ? queuePageQuery(db, query).explain('text', sql`analyze, buffers`)
        : queuePageQuery(db, query).explain('json'),
  };
}

/** The server's RSS (MB) from /proc. */
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * One export, alone or while another client asks for queue pages: served alone, the RSS growth is
 * the export's own; meanwhile, it also holds what those pages grow (on the embedded database, its
 * WASM memory, which does not shrink back).
 */
async function exportWhileServing(
  apiUrl: string,
  pid: number,
  pathName: string,
  servingOthers: boolean,
) {
  const headers = { authorization: `Bearer ${OPS_TOKEN}` };
  // Warm: the server's first requests load code and fill pools, which is not the export's cost.
  for (let i = 0; i < 5; i++) await (await fetch(`${apiUrl}/staff/orders`, { headers })).text();
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  let done = false;
  const others: number[] = [];
  const meanwhile = (async () => {
    while (servingOthers && !done) {
      const started = performance.now();
      await (await fetch(`${apiUrl}/staff/orders?status=open`, { headers })).text();
      others.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${apiUrl}/${pathName}`, {
    headers: { ...headers, accept: 'text/csv' },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await meanwhile;
  clearInterval(sampler);
  return {
    pathName: `${pathName}${servingOthers ? ', other requests meanwhile' : ', alone'}`,
    rows: lines - 1,
    mb: bytes / 1e6,
    seconds,
    growth: peak - before,
    others: others.length,
    othersP95: others.length ? percentile(others, 95) : 0,
    othersMax: others.length ? Math.max(...others) : 0,
  };
}

/** The real server sends each CSV export while another client asks for queue pages. */
async function exportStage(dataDir: string, databaseUrl: string | null) {
  const server = await startChildServer({
    dataDir,
    databaseUrl,
    env: { OPS_TOKEN, DATABASE_TIMEOUT_MS: '600000', REQUEST_TIMEOUT_MS: '600000' },
  });
  try {
    console.log(
      '\n| export | rows | MB | seconds | server RSS growth MB (goal ≤ 50) | other requests meanwhile | their p95 ms | slowest ms |\n|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const [pathName, servingOthers] of [
      ['staff/orders', false],
      ['staff/orders', true],
      ['staff/subscribers', false],
      ['staff/subscribers', true],
    ] as const) {
      const e = await exportWhileServing(server.apiUrl, server.pid, pathName, servingOthers);
      console.log(
        `| ${e.pathName} | ${e.rows} | ${e.mb.toFixed(1)} | ${e.seconds.toFixed(1)} | ${e.growth.toFixed(1)} ${e.growth <= 50 ? '(met)' : '(NOT met)'} | ${e.others} | ${e.othersP95.toFixed(0)} | ${e.othersMax.toFixed(0)} |`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await server.exited;
  }
}

async function main() {
  const scratch = embedded ? null : await scratchDatabase(process.env.DATABASE_URL!);
  const dataDir =
    reuse && embedded
      ? path.join(os.tmpdir(), 'bench-staff-embedded')
      : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-staff-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const quiet = () => {};
  const log = {
    warn: console.warn,
    error: console.error,
    info: quiet,
    debug: quiet,
    trace: quiet,
    fatal: console.error,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  try {
    const db = await openDatabase({
      databaseUrl: scratch?.url ?? null,
      dataDir,
      timeoutMs: 600_000,
      log,
    });
    console.log(
      `bench:staff on ${embedded ? 'the embedded database (PGlite)' : 'PostgreSQL'}: ${ORDERS} orders, ${CUSTOMERS} customers; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    if (reuse && (await seeded(db))) console.log('reusing the data seeded by an earlier run');
    else {
      const seconds = await seed(db);
      const counts = await sql<{
        receivers: string;
      }>`select (select count(*) from delivery_receivers) as receivers`.execute(db);
      console.log(`seeded in ${seconds.toFixed(0)} s (${counts.rows[0]!.receivers} receivers)`);
    }

    const today = todayInLagos();
    const days = { today, tomorrow: dayAfter(today) };
    const someone = await db
      .selectFrom('delivery_receivers')
      .select(['phone', 'shipment_id'])
      .where('id', '=', 12_345)
      .executeTakeFirstOrThrow();
    const reference = (
      await db
        .selectFrom('shipments')
        .select('reference')
        .where('id', '=', Math.floor(ORDERS / 3))
        .executeTakeFirstOrThrow()
    ).reference;
    const shapes: Shape[] = [
      queueShape(db, 'first page (newest first)', {}),
      queueShape(db, 'status = To Inspect', { status: 'ToInspect' }),
      queueShape(db, 'status = open', { status: 'open' }),
      queueShape(db, 'service = bulk delivery', { service_type: 'bulk_delivery' }),
      queueShape(db, 'needs a price, oldest first', {
        status: 'open',
        price: 'none',
        sort: 'created',
        dir: 'asc',
      }),
      queueShape(db, 'waiting for the customer', { status: 'open', price: 'awaiting' }),
      queueShape(db, 'job dates this week', {
        job_from: today,
        job_to: dayAfter(dayAfter(dayAfter(today))),
      }),
      queueShape(db, 'sort by job date', { sort: 'job_date' }),
      queueShape(db, 'open, by job date', { status: 'open', sort: 'job_date' }),
      queueShape(db, 'search: reference', { q: reference.toLowerCase() }),
      queueShape(db, 'search: phone', { q: someone.phone }),
      queueShape(db, 'search: email', { q: `customer${CUSTOMERS - 17}@example.com` }),
      queueShape(db, 'search: part of a name', { q: 'olutun' }),
      {
        name: `overview (${overviewCounts.length} counts)`,
        goalMs: 100,
        run: () => staffOverview(db),
        explain: async (analyzed) =>
          (
            await Promise.all(
              overviewCounts.map((count) =>
                analyzed
                  ? overviewCountQuery(db, count, days).explain('text', sql`analyze, buffers`)
                  : overviewCountQuery(db, count, days).explain('json'),
              ),
            )
          ).flat(),
      },
    ];
    const picked = shapes.filter((shape) => !shapeFilter || shape.name.includes(shapeFilter));
    if (explainAnalyzed)
      for (const shape of picked) {
        console.log(`\n${shape.name}:`);
        for (const line of await shape.explain(true))
          console.log(Object.values(line as Record<string, string>).join(''));
      }
    const results = only === 'exports' ? [] : await measure(picked);
    if (results.length)
      console.log(
        `\n| query (${ROUNDS} runs each) | p50 ms | p95 ms | goal | met | plan |\n|---|---:|---:|---:|---|---|`,
      );
    for (const r of results)
      console.log(
        `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ≤ ${r.goal} | ${r.met ? 'yes' : 'NO'} | ${r.plan} |`,
      );
    await db.destroy();
    if (only !== 'queries') await exportStage(dataDir, scratch?.url ?? null);
  } finally {
    await scratch?.drop();
    if (!(reuse && embedded)) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await main();
