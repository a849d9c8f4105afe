import { MSG } from '@jara/contracts';
import { bytesText, dobText, isAdultDob, kycFileError, latestAdultDob, validateKyc, type KycValues } from './kyc';

const NOW = new Date('2026-11-22T08:00:00Z');
const MAX = 5 * 1024 * 1024;
const VALUES: KycValues = {
  name: 'Adaeze Nwosu',
  dob: '1990-05-17',
  gender: 'female',
  address: '14 Admiralty Way, Lekki',
  id_type: 'National ID',
  id_number: 'NIN-1234',
};
const PNG = { size: 2048, type: 'image/png' };

describe('KYC form checks (spec 5)', () => {
  it('accepts a complete form with the ID image and no photo', () => {
    expect(validateKyc(VALUES, { id_image: PNG, user_image: null }, MAX, NOW)).toEqual({});
  });

  it('requires every field but the passport photo', () => {
    const empty = { name: '', dob: '', gender: '', address: '', id_type: '', id_number: '' };
    expect(validateKyc(empty, { id_image: null, user_image: null }, MAX, NOW)).toEqual({
      name: MSG.kyc.required,
      dob: MSG.kyc.required,
      gender: MSG.kyc.required,
      address: MSG.kyc.required,
      id_type: MSG.kyc.required,
      id_number: MSG.kyc.required,
      id_image: MSG.profile.imageRequired,
    });
  });

  it('refuses unknown genders and ID types, minors and impossible dates', () => {
    const errors = validateKyc(
      { ...VALUES, gender: 'x', id_type: 'Voter card', dob: '2010-01-01' },
      { id_image: PNG, user_image: null },
      MAX,
      NOW,
    );
    expect(errors).toEqual({ gender: MSG.kyc.genderInvalid, id_type: MSG.kyc.idTypeInvalid, dob: MSG.kyc.dobInvalid });
    expect(isAdultDob('1990-02-30', NOW)).toBe(false);
    expect(isAdultDob('2008-11-22', NOW)).toBe(true);
    expect(isAdultDob('2008-11-23', NOW)).toBe(false);
    expect(isAdultDob('1900-01-01', NOW)).toBe(false);
    expect(latestAdultDob(NOW)).toBe('2008-11-22');
  });

  it('takes images only, up to the upload limit', () => {
    expect(kycFileError('id_image', { size: 10, type: 'image/svg+xml' }, MAX)).toBe(MSG.profile.imageOnly);
    expect(kycFileError('user_image', { size: 10, type: 'application/pdf' }, MAX)).toBe(MSG.profile.imageOnly);
    expect(kycFileError('user_image', { size: MAX + 1, type: 'image/jpeg' }, MAX)).toBe(MSG.kyc.fileTooLarge('5 MB'));
    expect(kycFileError('user_image', null, MAX)).toBeUndefined();
    // No type from the browser: the API checks the content.
    expect(kycFileError('id_image', { size: 10, type: '' }, MAX)).toBeUndefined();
  });

  it('writes sizes and dates of birth for people', () => {
    expect(bytesText(5 * 1024 * 1024)).toBe('5 MB');
    expect(bytesText(1536 * 1024)).toBe('1.5 MB');
    expect(bytesText(2048)).toBe('2 KB');
    expect(dobText('1990-05-17')).toBe('May 17, 1990');
    expect(dobText('1990-01-01')).toBe('January 1, 1990');
  });
});
