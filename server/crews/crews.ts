/**
 * Crews and their members (docs/crews.md, "Crews and members"): staff make a crew and add
 * existing accounts to it by email. A member takes the `crew` role, which the crew guard reads on
 * every request (../http/auth.ts requireCrew), so removing one (the role goes back to `customer`)
 * takes effect at once. The first member is the lead; when the lead leaves, the next-oldest
 * member leads.
 */
import type { Transaction } from 'kysely';
import type { Crew, CrewRequest } from '../../src/api/contract';
import type { Database, DB } from '../db/database';
import { conflict, invalid, notFound } from '../http/problems';
import { isUniqueViolation } from '../accounts/users';

/** A public id as the database keeps it (a uuid column): anything else names no row, and is never sent to it. */
export const isUuid = (text: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

export const NO_SUCH_CREW = 'No crew has this id: reload the crews and try again.';
export const NO_SUCH_MEMBER = 'This account is not a member of this crew.';
export const noAccountMessage = (email: string) =>
  `No account uses ${email}: they must sign up on the website first.`;
export const STAFF_MEMBER_MESSAGE =
  'This account is staff: a member of staff cannot also be in a crew.';
export const crewMemberRoleMessage = (email: string) =>
  `${email} is a member of a crew: remove them from it on the Crews page first.`;
export const otherCrewMessage = (crewName: string) =>
  `This account is already a member of ${crewName}: remove them there first.`;

type CrewRow = {
  id: number;
  public_id: string;
  name: string;
  vehicle: Crew['vehicle'];
  plate: string;
};

/**
 * The crews by name, each with its database id and its members (the lead first, then the oldest);
 * `ids` narrows them.
 */
export async function crewRowsOf(
  db: DB,
  ids?: number[],
): Promise<Array<{ rowId: number; crew: Crew }>> {
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom('crews')
    .select(['id', 'public_id', 'name', 'vehicle', 'plate'])
    .orderBy('name')
    .orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const crews = await query.execute();
  if (crews.length === 0) return [];
  const members = await db
    .selectFrom('crew_members')
    .innerJoin('users', 'users.id', 'crew_members.user_id')
    .select([
      'crew_members.crew_id',
      'crew_members.is_lead',
      'users.public_id',
      'users.fullname',
      'users.email',
      'users.phone',
    ])
    .where(
      'crew_members.crew_id',
      'in',
      crews.map((crew) => crew.id),
    )
    .orderBy('crew_members.is_lead', 'desc')
    .orderBy('crew_members.added_at')
    .orderBy('crew_members.user_id')
    .execute();
  return crews.map((crew) => ({
    rowId: crew.id,
    crew: {
      id: crew.public_id,
      name: crew.name,
      vehicle: crew.vehicle,
      plate: crew.plate,
      members: members
        .filter((member) => member.crew_id === crew.id)
        .map((member) => ({
          id: member.public_id,
          fullname: member.fullname,
          email: member.email,
          phone: member.phone,
          is_lead: member.is_lead,
        })),
    },
  }));
}

export const crewsOf = async (db: DB): Promise<Crew[]> =>
  (await crewRowsOf(db)).map(({ crew }) => crew);

async function crewView(db: DB, crewId: number): Promise<Crew> {
  const [row] = await crewRowsOf(db, [crewId]);
  return row!.crew;
}

/** The crew of a public id, or null (also for text that is no uuid). */
export const findCrew = (db: DB, publicId: string): Promise<CrewRow | undefined> =>
  isUuid(publicId)
    ? db
        .selectFrom('crews')
        .select(['id', 'public_id', 'name', 'vehicle', 'plate'])
        .where('public_id', '=', publicId)
        .executeTakeFirst()
    : Promise.resolve(undefined);

/** The crew locked until the transaction ends, so members added or removed at once take turns. */
async function lockCrew(trx: Transaction<Database>, publicId: string): Promise<CrewRow> {
  const crew = isUuid(publicId)
    ? await trx
        .selectFrom('crews')
        .select(['id', 'public_id', 'name', 'vehicle', 'plate'])
        .where('public_id', '=', publicId)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!crew) throw notFound(NO_SUCH_CREW);
  return crew;
}

export async function createCrew(db: DB, request: CrewRequest): Promise<Crew> {
  const { id } = await db
    .insertInto('crews')
    .values(request)
    .returning('id')
    .executeTakeFirstOrThrow();
  return crewView(db, id);
}

/**
 * Adds the account using `email` to the crew: it takes the crew role; the crew's first member
 * leads. An unknown (or deleted) account is a 422 at `email`; staff, or a member of another crew,
 * a 409. Already in this crew: nothing changes.
 */
export async function addMember(
  db: DB,
  { crewId, email }: { crewId: string; email: string },
): Promise<{ crew: Crew; added: boolean }> {
  const outcome = await db
    .transaction()
    .execute(async (trx) => {
      const crew = await lockCrew(trx, crewId);
      const user = await trx
        .selectFrom('users')
        .select(['id', 'role'])
        .where('email', '=', email)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!user) throw invalid({ email: [noAccountMessage(email)] });
      if (user.role === 'staff') throw conflict(STAFF_MEMBER_MESSAGE);
      const membership = await trx
        .selectFrom('crew_members')
        .innerJoin('crews', 'crews.id', 'crew_members.crew_id')
        .select(['crews.id', 'crews.name'])
        .where('crew_members.user_id', '=', user.id)
        .executeTakeFirst();
      if (membership?.id === crew.id) return { crewId: crew.id, added: false };
      if (membership) throw conflict(otherCrewMessage(membership.name));
      const hasMembers = await trx
        .selectFrom('crew_members')
        .select('user_id')
        .where('crew_id', '=', crew.id)
        .executeTakeFirst();
      await trx
        .insertInto('crew_members')
        .values({ crew_id: crew.id, user_id: user.id, is_lead: !hasMembers })
        .execute();
      await trx.updateTable('users').set({ role: 'crew' }).where('id', '=', user.id).execute();
      return { crewId: crew.id, added: true };
    })
    .catch((error: unknown) => {
      // Added to another crew at the same moment: the one-crew-each key refused the second.
      throw isUniqueViolation(error) ? conflict(otherCrewMessage('another crew')) : error;
    });
  return { crew: await crewView(db, outcome.crewId), added: outcome.added };
}

/**
 * Takes the account (its public id) out of the crew: it is a customer again from its next
 * request. A lead who leaves hands the lead to the next-oldest member.
 */
export async function removeMember(
  db: DB,
  { crewId, userId }: { crewId: string; userId: string },
): Promise<Crew> {
  const id = await db.transaction().execute(async (trx) => {
    const crew = await lockCrew(trx, crewId);
    const member = isUuid(userId)
      ? await trx
          .selectFrom('crew_members')
          .innerJoin('users', 'users.id', 'crew_members.user_id')
          .select(['crew_members.user_id', 'crew_members.is_lead'])
          .where('crew_members.crew_id', '=', crew.id)
          .where('users.public_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (!member) throw notFound(NO_SUCH_MEMBER);
    await dropMember(trx, crew.id, member);
    await trx
      .updateTable('users')
      .set({ role: 'customer' })
      .where('id', '=', member.user_id)
      .where('role', '=', 'crew')
      .execute();
    return crew.id;
  });
  return crewView(db, id);
}

/**
 * Takes the member's row out of the crew; a lead who leaves hands the lead to the next-oldest
 * member (added first; the same moment, the lower account id). The crew's row is locked.
 */
async function dropMember(
  trx: Transaction<Database>,
  crewId: number,
  member: { user_id: number; is_lead: boolean },
): Promise<void> {
  await trx.deleteFrom('crew_members').where('user_id', '=', member.user_id).execute();
  if (!member.is_lead) return;
  const next = await trx
    .selectFrom('crew_members')
    .select('user_id')
    .where('crew_id', '=', crewId)
    .orderBy('added_at')
    .orderBy('user_id')
    .executeTakeFirst();
  if (next)
    await trx
      .updateTable('crew_members')
      .set({ is_lead: true })
      .where('user_id', '=', next.user_id)
      .execute();
}

const lockCrewRow = (trx: Transaction<Database>, crewId: number) =>
  trx.selectFrom('crews').select('id').where('id', '=', crewId).forUpdate().execute();

/**
 * Deleting an account (../accounts/account-deletion.ts), step one: locks the crew the account is
 * in, if any, before the deletion locks the account's own row, so the locks come crew first,
 * then account, as adding and removing members take them. Answers the crew's row id, or null.
 */
export async function lockCrewOf(
  trx: Transaction<Database>,
  userId: number,
): Promise<number | null> {
  const membership = await trx
    .selectFrom('crew_members')
    .select('crew_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!membership) return null;
  await lockCrewRow(trx, membership.crew_id);
  return membership.crew_id;
}

/**
 * Deleting an account, step two (the account's row locked): it leaves its crew as a removed member
 * does (the lead passes on). `lockedCrewId` is what lockCrewOf locked; a member moved to another
 * crew in between (staff removed and added them at that moment) has that crew locked now.
 */
export async function leaveCrew(
  trx: Transaction<Database>,
  userId: number,
  lockedCrewId: number | null,
): Promise<void> {
  const member = await trx
    .selectFrom('crew_members')
    .select(['crew_id', 'user_id', 'is_lead'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member) return;
  if (member.crew_id !== lockedCrewId) await lockCrewRow(trx, member.crew_id);
  await dropMember(trx, member.crew_id, member);
}
