/**
 * The address waiting for its verification code, kept in the tab (session storage) by sign-up,
 * resend and an unverified login, so the verification page and the resend form know it.
 */
import { drafts } from '../../api/storage';

const DRAFT = 'email-verification';

export const verificationEmail = {
  load: (): string => drafts.load<{ email: string }>(DRAFT)?.email ?? '',
  save: (email: string) => drafts.save(DRAFT, { email }),
  clear: () => drafts.clear(DRAFT),
};
