import { MSG, OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@jara/contracts';
import type { Errors } from './form';

/** Spec 5, login: both fields non-blank. */
export function validateLogin(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = MSG.auth.enterEmail;
  if (!password.trim()) errors.password = MSG.auth.enterPassword;
  return errors;
}

/** Longest name the API keeps. */
export const NAME_MAX_LENGTH = 120;

/** Spec 5, sign-up: both non-empty, password at least 6 characters; the storefront also asks for a name (issue 22). */
export function validateSignUp(email: string, password: string, name?: string): Errors {
  const errors: Errors = {};
  if (name !== undefined) {
    if (!name.trim()) errors.name = MSG.auth.enterName;
    else if (name.trim().length > NAME_MAX_LENGTH) errors.name = `At most ${NAME_MAX_LENGTH} characters.`;
  }
  if (!email.trim()) errors.email = MSG.auth.enterEmail;
  if (!password) errors.password = MSG.auth.enterPassword;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = MSG.auth.passwordMin;
  return errors;
}

/** Spec 5, OTP: exactly 6 characters. */
export function validateOtp(otp: string): Errors {
  return otp.trim().length === OTP_LENGTH ? {} : { otp: MSG.auth.otpSixDigits };
}
