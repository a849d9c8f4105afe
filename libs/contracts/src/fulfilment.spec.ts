import { FULFILMENT_MSG, lineFulfilmentLabel, lineProgressText, validateLinesShip } from './fulfilment';

describe('line fulfilment (decision 031)', () => {
  it('labels each status and reads a line with its courier', () => {
    expect(lineFulfilmentLabel('ready_for_pickup')).toBe('Ready for pickup');
    expect(lineFulfilmentLabel('nonsense')).toBe('Awaiting shipment');
    expect(lineProgressText({ fulfilment: 'shipped', courier: 'GIG Logistics', tracking_no: 'GIG-1' })).toBe(
      'Shipped by GIG Logistics · GIG-1',
    );
    expect(lineProgressText({ fulfilment: 'shipped', courier: null, tracking_no: null })).toBe('Shipped');
    expect(lineProgressText({ fulfilment: 'ready_for_pickup' })).toBe('Ready for pickup');
  });

  it('checks the ship form as the API does (trimmed, 2-60 and 3-40)', () => {
    expect(validateLinesShip({ courier: ' GIG ', tracking_no: ' GIG-1 ' })).toBeNull();
    expect(validateLinesShip({ courier: ' G ', tracking_no: '12' })).toEqual({
      courier: FULFILMENT_MSG.courierInvalid,
      tracking_no: FULFILMENT_MSG.trackingInvalid,
    });
    expect(validateLinesShip({ courier: 'x'.repeat(61), tracking_no: 42 })).toEqual({
      courier: FULFILMENT_MSG.courierInvalid,
      tracking_no: FULFILMENT_MSG.trackingInvalid,
    });
  });
});
