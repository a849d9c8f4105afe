import { MSG } from '@jara/contracts';
import { bytesText, dobText, kycFileError, kycFileErrors, latestAdultDob } from './kyc';

const NOW = new Date('2026-11-22T08:00:00Z');
const MAX = 5 * 1024 * 1024;
const PNG = { size: 2048, type: 'image/png' };

describe('KYC form: the files (spec 5)', () => {
  it("requires the ID image, not the passport photo (the text fields are SubmitKycDto's: settings-forms.spec.ts)", () => {
    expect(kycFileErrors({ id_image: PNG, user_image: null }, MAX)).toEqual({});
    expect(kycFileErrors({ id_image: null, user_image: null }, MAX)).toEqual({ id_image: MSG.profile.imageRequired });
    expect(kycFileErrors({ id_image: PNG, user_image: { size: MAX + 1, type: 'image/png' } }, MAX)).toEqual({
      user_image: MSG.kyc.fileTooLarge('5 MB'),
    });
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
