/**
 * What the staff's lists share (./staffLists, ./staffPeople): filters left empty, the paging
 * query and a page of rows.
 */
import * as z from 'zod/mini';
import { preprocess } from './rules';

/** Query strings leave a filter empty (`status=`): the same as leaving it out. */
export const filter = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (value === '' ? undefined : value), z.optional(schema));

export const PAGE_SIZE = 50;
export const paging = {
  /** Opaque to callers: the `next_cursor` of the page before. */
  cursor: filter(
    z
      .string()
      .check(
        z.regex(/^\d{1,12}$/, 'This page link is not valid: start again from the first page.'),
      ),
  ),
  limit: filter(
    z.coerce
      .number({ error: `Ask for 1 to ${PAGE_SIZE} rows.` })
      .check(z.int(), z.gte(1), z.lte(PAGE_SIZE, `Ask for 1 to ${PAGE_SIZE} rows.`)),
  ),
};

/** A page of a list: `next_cursor` asks for the next one, null on the last page. */
export const page = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(row: T) =>
  z.object({ message: z.string(), data: z.array(row), next_cursor: z.nullable(z.string()) });
