import {
  NIGERIAN_STATES,
  formatNigerianPhone,
  nigerianState,
  normaliseNigerianPhone,
  orderAddressLines,
  orderAddressText,
} from './address';

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

describe('orderAddressLines', () => {
  const order = {
    full_name: 'Chioma Adeyemi',
    phone: '+2348031234567',
    street_address: '12 Allen Avenue',
    landmark: 'Opposite the filling station',
    city: 'Ikeja',
    state: 'Lagos',
    postal_code: '100001',
    country: 'Nigeria',
  };

  it('gives name, street, landmark, city with state and postal code, country and phone, in that order', () => {
    expect(orderAddressLines(order)).toEqual([
      { kind: 'name', text: 'Chioma Adeyemi' },
      { kind: 'street', text: '12 Allen Avenue' },
      { kind: 'landmark', text: 'Opposite the filling station' },
      { kind: 'place', text: 'Ikeja, Lagos, 100001' },
      { kind: 'country', text: 'Nigeria' },
      { kind: 'phone', text: '+234 803 123 4567', href: 'tel:+2348031234567' },
    ]);
  });

  it('leaves out blank parts (orders placed before the checkout asked for state, landmark and phone)', () => {
    const lines = orderAddressLines({ ...order, phone: null, landmark: '  ', state: null, postal_code: '' });
    expect(lines.map((line) => line.kind)).toEqual(['name', 'street', 'place', 'country']);
    expect(lines.find((line) => line.kind === 'place')?.text).toBe('Ikeja');
    expect(orderAddressLines({})).toEqual([]);
  });

  it('keeps a phone stored in another shape as given, and its link digits only', () => {
    expect(orderAddressLines({ phone: '0803 123 4567' })).toEqual([
      { kind: 'phone', text: '0803 123 4567', href: 'tel:08031234567' },
    ]);
  });

  it('collapses stray whitespace', () => {
    expect(orderAddressLines({ full_name: '  Ada   Obi ', city: ' Aba ', state: 'Abia' })).toEqual([
      { kind: 'name', text: 'Ada Obi' },
      { kind: 'place', text: 'Aba, Abia' },
    ]);
  });

  it('joins the lines for the invoice, or null when there is nothing', () => {
    expect(orderAddressText(order)).toBe(
      'Chioma Adeyemi, 12 Allen Avenue, Opposite the filling station, Ikeja, Lagos, 100001, Nigeria, +234 803 123 4567',
    );
    expect(orderAddressText({ full_name: ' ' })).toBeNull();
  });
});
