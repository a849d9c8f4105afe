import { MSG } from '@jara/contracts';
import {
  ChangeEmailDto,
  ConfirmEmailDto,
  LogisticsSettingsDto,
  NotificationPreferencesDto,
  SubmitKycDto,
  UpdateProfileDto,
  isAdultDob,
} from '@jara/dto';
import { maxLengths, validateForm } from './validate.server';

/** Each settings route checks its form with the API's own class (issue 23): the spec's messages, from one place. */

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

const KYC = {
  name: 'Adaeze Nwosu',
  dob: '1990-05-17',
  gender: 'Female',
  address: '14 Admiralty Way, Lekki',
  id_type: 'National ID',
  id_number: 'NIN-1234',
};

describe('the settings forms, checked by the API DTOs', () => {
  it('Account Settings (UpdateProfileDto): blanks are not sent, a bad e-mail or phone is refused', () => {
    const ok = validateForm(
      UpdateProfileDto,
      form({ name: ' Ada ', email: 'Ada@Example.com', phone: '', city: 'Enugu' }),
    );
    expect(ok.ok && ok.value).toMatchObject({ name: 'Ada', email: 'ada@example.com', city: 'Enugu' });
    expect(ok.ok && ok.value.phone).toBeUndefined();
    const bad = validateForm(UpdateProfileDto, form({ email: 'not-an-email', phone: 'call me' }));
    expect(bad.errors).toEqual({
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
    });
    expect(validateForm(UpdateProfileDto, form({ country: 'x'.repeat(101) })).errors?.country).toBeDefined();
  });

  it('the e-mail code (ConfirmEmailDto) and a new code (ChangeEmailDto)', () => {
    expect(validateForm(ConfirmEmailDto, form({ otp: ' 123456 ' })).value?.otp).toBe('123456');
    for (const otp of ['', '12345', '12345a', '1234567'])
      expect(validateForm(ConfirmEmailDto, form({ otp })).errors).toEqual({ otp: MSG.auth.otpSixDigits });
    expect(validateForm(ChangeEmailDto, form({ email: 'New@Example.com' })).value?.email).toBe('new@example.com');
    expect(validateForm(ChangeEmailDto, form({ email: '' })).errors).toEqual({ email: MSG.auth.enterEmail });
  });

  it('the e-mail preference (NotificationPreferencesDto) is a yes or no', () => {
    expect(validateForm(NotificationPreferencesDto, { email_updates: false }).value?.email_updates).toBe(false);
    expect(validateForm(NotificationPreferencesDto, { email_updates: true }).value?.email_updates).toBe(true);
    expect(validateForm(NotificationPreferencesDto, {}).ok).toBe(false);
  });

  it('Logistics Settings (LogisticsSettingsDto): both numbers, not negative, 2 decimals (spec 5)', () => {
    const rates = (cost_per_cmb3: string, cost_per_kg = '1') =>
      validateForm(LogisticsSettingsDto, form({ cost_per_cmb3, cost_per_kg }));
    for (const value of ['', 'abc', '1.234', '1e3'])
      expect(rates(value).errors).toEqual({ cost_per_cmb3: MSG.logisticsSettings.invalidNumbers });
    expect(rates('-1').errors).toEqual({ cost_per_cmb3: MSG.logisticsSettings.negative });
    expect(rates('0.01', '-2').errors).toEqual({ cost_per_kg: MSG.logisticsSettings.negative });
    expect(rates('0').ok).toBe(true);
    expect(rates(' 12.5 ').ok).toBe(true);
  });

  it('KYC (SubmitKycDto): every text field required, known genders and ID types, adults only', () => {
    expect(validateForm(SubmitKycDto, form(KYC)).ok).toBe(true);
    const empty = validateForm(
      SubmitKycDto,
      form({ name: '', dob: '', gender: '', address: '', id_type: '', id_number: '' }),
    );
    expect(empty.errors).toEqual({
      name: MSG.kyc.required,
      dob: MSG.kyc.required,
      gender: MSG.kyc.required,
      address: MSG.kyc.required,
      id_type: MSG.kyc.required,
      id_number: MSG.kyc.required,
    });
    const wrong = validateForm(SubmitKycDto, form({ ...KYC, gender: 'x', id_type: 'Voter card', dob: '2010-01-01' }));
    expect(wrong.errors).toEqual({
      gender: MSG.kyc.genderInvalid,
      id_type: MSG.kyc.idTypeInvalid,
      dob: MSG.kyc.dobInvalid,
    });
    const NOW = new Date('2026-11-22T08:00:00Z');
    expect(isAdultDob('1990-02-30', NOW)).toBe(false);
    expect(isAdultDob('2008-11-22', NOW)).toBe(true);
    expect(isAdultDob('2008-11-23', NOW)).toBe(false);
    expect(isAdultDob('1900-01-01', NOW)).toBe(false);
    // The inputs' maxLength comes from the same rules.
    expect(maxLengths(SubmitKycDto)).toMatchObject({ name: 120, address: 255, id_number: 50 });
  });
});
