import * as z from 'zod/mini';
import {
  define,
  email,
  messageResponse,
  nigerianPhone,
  password,
  PASSWORD_TOO_LONG,
  preprocess,
  requiredText,
  userRole,
} from './rules';

export const applicationRequest = z.object({
  full_name: requiredText('Please fill in your full name.', 120),
  email: preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.optional(email()),
  ),
  age: preprocess(
    (value) =>
      value === '' || value === null
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z
      .number({ error: 'Please enter your age in years.' })
      .check(
        z.int('Please enter your age in whole years.'),
        z.gte(18, 'You must be at least 18 to apply.'),
        z.lte(75, 'Please enter an age of 75 or under.'),
      ),
  ),
  mobile_number: nigerianPhone(),
  location: requiredText('Please fill in your location.', 200),
});

const passwordPair = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.$ZodLooseShape>(
  shape: T,
  passwordKey: string,
  confirmationKey: string,
) =>
  z.object(shape).check(
    z.superRefine((value, ctx) => {
      const record = value as Record<string, unknown>;
      if (record[passwordKey] !== record[confirmationKey]) {
        ctx.addIssue({
          code: 'custom',
          path: [confirmationKey],
          message: 'Passwords do not match',
        });
      }
    }),
  );

export const registerRequest = passwordPair(
  {
    fullname: requiredText('Please fill in your full name.', 120),
    email: email(),
    phone: nigerianPhone('Please fill in your phone number.'),
    password: password(),
    password_confirmation: z
      .string({ error: 'Please confirm your password.' })
      .check(z.minLength(1, 'Please confirm your password.')),
  },
  'password',
  'password_confirmation',
);

export const loginRequest = z.object({
  email: email(),
  password: z
    .string({ error: 'Please enter your password.' })
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(128, PASSWORD_TOO_LONG)),
});

export const emailOnlyRequest = z.object({ email: email() });

const sixDigits = /* @__NO_SIDE_EFFECTS__ */ (message: string) =>
  z.string({ error: message }).check(z.trim(), z.regex(/^\d{6}$/, message));

export const OTP_MESSAGE = 'Please enter a 6-digit OTP code.';
export const TOKEN_MESSAGE = 'Please enter a 6-digit Token sent to your email';

// A code is checked against the live code of this email's account only (docs/security.md).
export const verifyOtpRequest = z.object({ otp: sixDigits(OTP_MESSAGE), email: email() });
export const verifyEmailRequest = z.object({
  verification_token: sixDigits(TOKEN_MESSAGE),
  email: email(),
});

export const passwordResetRequest = passwordPair(
  {
    email: email(),
    password: password(),
    password_confirmation: z
      .string({ error: 'Please confirm your password.' })
      .check(z.minLength(1, 'Please confirm your password.')),
    reset_token: requiredText('Your reset session has ended. Please request a new code.', 200),
  },
  'password',
  'password_confirmation',
);

export const changePasswordRequest = passwordPair(
  {
    old_password: z
      .string({ error: 'Please enter your current password.' })
      .check(
        z.minLength(1, 'Please enter your current password.'),
        z.maxLength(128, PASSWORD_TOO_LONG),
      ),
    new_password: password('Please enter a new password.'),
    new_password_confirmation: z
      .string({ error: 'Please confirm your new password.' })
      .check(z.minLength(1, 'Please confirm your new password.')),
  },
  'new_password',
  'new_password_confirmation',
);

export const deleteUserRequest = z.object({
  password: z
    .string({ error: 'Please enter your password.' })
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(128, PASSWORD_TOO_LONG)),
  Reason: requiredText('Please tell us why you are leaving.', 1000, 'many'),
});

export const newsletterRequest = z.object({ email: email('Please enter your email.') });

/** `npm run ops -- add-staff | remove-staff <email>`: the account must exist. */
export const setRoleRequest = z.object({
  email: email(),
  // Crew membership is given with a crew (docs/crews.md), not by the ops command.
  role: z.enum(['customer', 'staff'], { error: 'Choose customer or staff.' }),
});

export const loginResponse = z.object({
  message: z.string(),
  token: z.string(),
  data: z.object({
    id: z.string(),
    profile_image: z.nullable(z.string()),
    email: z.string(),
    role: userRole,
  }),
});

export const verifyOtpResponse = z.object({
  message: z.string(),
  data: z.object({ reset_token: z.string() }),
});

export const deleteUserResponse = z.object({ succes: z.string() });

export const accountCalls = define({
  moverRegistration: {
    method: 'POST',
    path: 'Mover-Registration',
    body: 'json',
    auth: 'none',
    request: applicationRequest,
    response: messageResponse,
    success: 'Mover request created successfully',
    fallback: 'Application failed. Please try again.',
  },
  packerRegistration: {
    method: 'POST',
    path: 'Packer-Registration',
    body: 'json',
    auth: 'none',
    request: applicationRequest,
    response: messageResponse,
    success: 'Packer request created successfully',
    fallback: 'Application failed. Please try again.',
  },
  register: {
    method: 'POST',
    path: 'register',
    body: 'json',
    auth: 'none',
    request: registerRequest,
    response: messageResponse,
    success: 'User created successfully',
    fallback: 'Registration failed. Please try again.',
  },
  login: {
    method: 'POST',
    path: 'login',
    body: 'json',
    auth: 'none',
    request: loginRequest,
    response: loginResponse,
    success: 'User successfully logged in',
    fallback: null,
  },
  logout: {
    method: 'GET',
    path: 'users/logout',
    body: 'none',
    auth: 'bearer',
    request: null,
    response: messageResponse,
    success: null,
    fallback: null,
  },
  forgetPassword: {
    method: 'POST',
    path: 'forget-password',
    body: 'json',
    auth: 'none',
    request: emailOnlyRequest,
    response: messageResponse,
    success: 'OTP code sent to your email',
    fallback: null,
  },
  verifyOtp: {
    method: 'POST',
    path: 'verify-otp',
    body: 'json',
    auth: 'none',
    request: verifyOtpRequest,
    response: verifyOtpResponse,
    success: 'OTP code verified successfully',
    fallback: null,
  },
  passwordReset: {
    method: 'POST',
    path: 'passwordReset',
    body: 'json',
    auth: 'none',
    request: passwordResetRequest,
    response: messageResponse,
    success: 'Password reset successful',
    fallback: null,
  },
  verifyEmail: {
    method: 'POST',
    path: 'verify-email',
    body: 'json',
    auth: 'none',
    request: verifyEmailRequest,
    response: messageResponse,
    success: 'Email verified successfully',
    fallback: null,
  },
  resendOtp: {
    method: 'POST',
    path: 'resendOtp',
    body: 'json',
    auth: 'none',
    request: emailOnlyRequest,
    response: messageResponse,
    success: 'OTP resent successfully',
    fallback: null,
  },
  changePassword: {
    method: 'POST',
    path: 'users/ChangePassword',
    body: 'json',
    auth: 'bearer',
    request: changePasswordRequest,
    response: messageResponse,
    success: 'Password changed successfully',
    fallback: null,
  },
  deleteUser: {
    method: 'POST',
    path: 'users/DeleteUser',
    body: 'json',
    auth: 'bearer',
    request: deleteUserRequest,
    response: deleteUserResponse,
    success: 'User data deleted successfully.',
    fallback: null,
  },
  newsletter: {
    method: 'POST',
    path: 'newsletter',
    body: 'json',
    auth: 'none',
    request: newsletterRequest,
    response: messageResponse,
    success: 'Subscribed successfully',
    fallback: null,
  },
  setRole: {
    method: 'POST',
    path: 'staff/roles',
    body: 'json',
    auth: 'ops',
    request: setRoleRequest,
    response: messageResponse,
    success: null,
    fallback: null,
  },
});

export const LOGGED_OUT = 'User successfully logged out';
