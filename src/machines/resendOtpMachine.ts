/**
 * Resend OTP (docs/product.md): one required email; success only on the exact message
 * 'OTP resent successfully' (the client rejects any other), then /email-verification after 3 s.
 */
import { emailOnlyRequest } from '../api/contract/accounts';
import { createFormMachine } from './formMachine';

export const resendOtpMachine = createFormMachine({ id: 'resendOtp', schema: emailOnlyRequest });
