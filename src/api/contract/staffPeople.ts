/**
 * The people staff look after that are not orders (docs/operations.md): movers' and packers'
 * applications with their status, and the newsletter's subscribers. Apart from ./staffLists, so
 * these pages load no order schema (docs/architecture.md, "What a route loads").
 */
import * as z from 'zod/mini';
import { filter, page, paging } from './listPages';
import { define } from './rules';

export const applicationStatuses = ['new', 'contacted', 'hired', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  hired: 'Hired',
  rejected: 'Rejected',
};

export const staffApplicationsQuery = z.object({
  status: filter(z.enum(applicationStatuses, { error: 'Choose a status from the list.' })),
  ...paging,
});

export const staffSubscribersQuery = z.object({ ...paging });

export const applicationStatusRequest = z.object({
  status: z.enum(applicationStatuses, { error: 'Choose a status from the list.' }),
});

export const staffApplication = z.object({
  id: z.number(),
  role: z.enum(['mover', 'packer']),
  full_name: z.string(),
  email: z.nullable(z.string()),
  age: z.number(),
  mobile_number: z.string(),
  location: z.string(),
  status: z.enum(applicationStatuses),
  created_at: z.string(),
});
export type StaffApplication = z.infer<typeof staffApplication>;
export const staffApplicationsResponse = page(staffApplication);
export const staffApplicationResponse = z.object({ message: z.string(), data: staffApplication });

export const subscriber = z.object({ email: z.string(), created_at: z.string() });
export type Subscriber = z.infer<typeof subscriber>;
export const staffSubscribersResponse = page(subscriber);

export const staffPeopleCalls = define({
  staffApplications: {
    method: 'GET',
    path: 'staff/applications',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffApplicationsQuery,
    response: staffApplicationsResponse,
    success: 'Applications found',
    fallback: null,
  },
  staffSetApplicationStatus: {
    method: 'POST',
    path: 'staff/applications/{id}/status',
    body: 'json',
    auth: 'staff',
    request: applicationStatusRequest,
    response: staffApplicationResponse,
    success: null,
    fallback: null,
  },
  staffSubscribers: {
    method: 'GET',
    path: 'staff/subscribers',
    body: 'none',
    auth: 'staff',
    request: null,
    query: staffSubscribersQuery,
    response: staffSubscribersResponse,
    success: 'Subscribers found',
    fallback: null,
    csv: true,
  },
});
