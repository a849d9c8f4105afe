import { NIGERIAN_STATES, formatNigerianPhone, nigerianState, normaliseNigerianPhone } from './address';

describe('Nigerian phone numbers', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0703-123-4567', '+2347031234567'],
    ['09051234567', '+2349051234567'],
    ['0811.234.5678', '+2348112345678'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['+234 (0) 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['  234 703 123 4567 ', '+2347031234567'],
  ])('reads %s as %s', (input, expected) => {
    expect(normaliseNigerianPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '8031234567',
    '0803123456',
    '080312345678',
    '+44 7700 900123',
    '+1 803 123 4567',
    '06031234567',
    '08231234567',
    '+23480312345',
    '0803123456a',
    'phone',
  ])('refuses %p', (input) => {
    expect(normaliseNigerianPhone(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(normaliseNigerianPhone(8031234567)).toBeNull();
    expect(normaliseNigerianPhone(null)).toBeNull();
  });

  it('shows a stored number in groups', () => {
    expect(formatNigerianPhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(formatNigerianPhone(null)).toBe('');
  });
});

describe('Nigerian states', () => {
  it('lists the 36 states and the FCT once each', () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect(NIGERIAN_STATES).toContain('Lagos');
    expect(NIGERIAN_STATES).toContain('Federal Capital Territory');
  });

  it('reads a state forgivingly and refuses the rest', () => {
    expect(nigerianState('lagos')).toBe('Lagos');
    expect(nigerianState(' Akwa  Ibom ')).toBe('Akwa Ibom');
    expect(nigerianState('Rivers State')).toBe('Rivers');
    expect(nigerianState('FCT')).toBe('Federal Capital Territory');
    expect(nigerianState('Abuja')).toBe('Federal Capital Territory');
    expect(nigerianState('Greater Accra')).toBeNull();
    expect(nigerianState('')).toBeNull();
    expect(nigerianState(5)).toBeNull();
  });
});
