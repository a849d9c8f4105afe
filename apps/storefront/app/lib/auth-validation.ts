import { MSG, OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@jara/contracts';
import type { Errors } from './form';

/** Spec 5, login: both fields non-blank. */
export function validateLogin(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = MSG.auth.enterEmail;
  if (!password.trim()) errors.password = MSG.auth.enterPassword;
  return errors;
}

/** Spec 5, sign-up: both non-empty, password at least 6 characters. */
export function validateSignUp(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = MSG.auth.enterEmail;
  if (!password) errors.password = MSG.auth.enterPassword;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = MSG.auth.passwordMin;
  return errors;
}

/** Spec 5, OTP: exactly 6 characters. */
export function validateOtp(otp: string): Errors {
  return otp.trim().length === OTP_LENGTH ? {} : { otp: MSG.auth.otpSixDigits };
}
