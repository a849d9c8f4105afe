import { lineFulfilmentLabel, lineProgressText } from './fulfilment';

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
});
