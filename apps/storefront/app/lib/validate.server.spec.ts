import { MSG } from '@jara/contracts';
import {
  CreateContactMessageDto,
  CreateSupportDto,
  CreateSupportResponseDto,
  GuestDeliveryDto,
  LoginDto,
  RegisterDto,
  SubscribeDto,
  VerifyOtpDto,
} from '@jara/dto';
import { maxLengths, REQUIRED_MARK, requiredOnce, validateForm } from './validate.server';

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const v of [value].flat()) data.append(key, v);
  return data;
}

/** The storefront's actions check their forms with the API's own classes (issue 23): the same messages as its 422. */
describe('validateForm', () => {
  it('answers the spec messages of login, sign-up and the OTP (spec 5) as the field map the forms show', () => {
    expect(validateForm(LoginDto, form({ email: '', password: '' }))).toEqual({
      ok: false,
      errors: { email: MSG.auth.enterEmail, password: MSG.auth.enterPassword },
    });
    expect(validateForm(RegisterDto, form({ name: '', email: 'ada@example.com', password: '123' })).errors).toEqual({
      password: MSG.auth.passwordMin,
    });
    expect(validateForm(VerifyOtpDto, { email: 'ada@example.com', otp: '12345' }).errors).toEqual({
      otp: MSG.auth.otpSixDigits,
    });
  });

  it("gives the DTO's value: trimmed, lower-cased e-mail, blank optional fields absent, unknown fields dropped", () => {
    const check = validateForm(
      RegisterDto,
      form({ name: '  Ada   Obi ', email: ' Ada@Example.COM ', password: 'secret1', intent: 'register' }),
    );
    expect(check.ok && { ...check.value }).toEqual({ name: 'Ada Obi', email: 'ada@example.com', password: 'secret1' });
    const unnamed = validateForm(RegisterDto, form({ name: ' ', email: 'ada@example.com', password: 'secret1' }));
    expect(unnamed.ok && 'name' in unnamed.value && unnamed.value.name).toBeFalsy();
  });

  it('checks the contact form, the newsletter and the Support Center with their DTOs', () => {
    expect(validateForm(CreateContactMessageDto, { full_name: ' ', email: '', message: '' }).errors).toEqual({
      full_name: 'Please enter your full name.',
      email: MSG.auth.enterEmail,
      message: 'Please enter a message.',
    });
    expect(validateForm(SubscribeDto, form({ email: 'not-an-email' })).errors).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(validateForm(CreateSupportDto, { name: '', email: '', subject: ' ', message: '' }).errors).toEqual({
      name: MSG.support.required,
      email: MSG.support.required,
      subject: MSG.support.required,
      message: MSG.support.required,
    });
    expect(validateForm(CreateSupportResponseDto, { support_id: '7', message: '  \n ' }).errors).toEqual({
      message: MSG.support.blankReply,
    });
    expect(validateForm(CreateSupportResponseDto, { support_id: 'x', message: 'ok' }).errors).toEqual({
      support_id: MSG.support.notFound,
    });
  });
});

describe('maxLengths and requiredOnce', () => {
  it("reads the inputs' limits from the DTO's rules", () => {
    expect(maxLengths(CreateSupportDto)).toEqual({ name: 120, email: 191, subject: 200, message: 5000 });
    expect(maxLengths(VerifyOtpDto).otp).toBe(6);
  });

  it("marks the fields missing with the DTO's shared sentence 'Required.' and says the sentence once", () => {
    expect(
      requiredOnce(GuestDeliveryDto, {
        name: MSG.deliveries.publicRequiredFields,
        email: 'Please enter a valid email address.',
      }),
    ).toEqual({
      message: MSG.deliveries.publicRequiredFields,
      errors: { name: REQUIRED_MARK, email: 'Please enter a valid email address.' },
    });
    expect(requiredOnce(GuestDeliveryDto, { phone: 'Please enter a valid phone number.' })).toEqual({
      message: 'Please enter a valid phone number.',
      errors: { phone: 'Please enter a valid phone number.' },
    });
    expect(requiredOnce(GuestDeliveryDto, {})).toEqual({ message: null, errors: {} });
  });
});
