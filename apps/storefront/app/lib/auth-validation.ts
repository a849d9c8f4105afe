import { MSG, OTP_LENGTH } from '@jara/contracts';
import type { Errors } from './form';

/**
 * @deprecated Only the settings route (_account.settings.tsx, being split into nested routes by another change)
 * still calls this; those routes validate with the API's OtpDto / ConfirmEmailDto (validateForm) and this file goes
 * with them. Login, sign-up and the OTP page validate with LoginDto, RegisterDto and VerifyOtpDto (issue 23).
 */
export function validateOtp(otp: string): Errors {
  return otp.trim().length === OTP_LENGTH ? {} : { otp: MSG.auth.otpSixDigits };
}
