/**
 * Sign-up (docs/product.md): fullname, email, phone, password and its confirmation, all
 * required; 'Passwords do not match' and nothing sent when they differ (the contract's schema
 * says so); one show/hide toggle for both passwords; then /email-verification after 3 s.
 */
import { registerRequest } from '../api/contract/accounts';
import { createFormMachine } from './formMachine';

export const signupMachine = createFormMachine({ id: 'signup', schema: registerRequest });
