/**
 * The status history is kept by the database itself: a row whenever a shipment is created or its
 * status changes. Booking then takes one statement, and no code path can forget a step.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function record_shipment_status() returns trigger language plpgsql as $$
    begin
      insert into shipment_status_changes (shipment_id, status, changed_at) values (new.id, new.status, new.updated_at);
      return new;
    end
    $$`.execute(db);
  await sql`create trigger shipment_created after insert on shipments
    for each row execute function record_shipment_status()`.execute(db);
  await sql`create trigger shipment_status_changed after update of status on shipments
    for each row when (old.status is distinct from new.status) execute function record_shipment_status()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger shipment_status_changed on shipments`.execute(db);
  await sql`drop trigger shipment_created on shipments`.execute(db);
  await sql`drop function record_shipment_status()`.execute(db);
}
