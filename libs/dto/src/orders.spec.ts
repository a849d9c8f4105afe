import { FULFILMENT_MSG } from '@jara/contracts';
// Through the index, as every app imports the lib (it loads reflect-metadata first).
import { LinesShipDto, validateInput } from './index';

describe('LinesShipDto (decision 031), the one check of the ship form in the API, the storefront and the back office', () => {
  it('trims, then takes a courier of 2-60 and a tracking number of 3-40 characters', () => {
    const ok = validateInput(LinesShipDto, { courier: ' GIG ', tracking_no: ' GIG-1 ' });
    expect(ok.ok && { courier: ok.value.courier, tracking_no: ok.value.tracking_no }).toEqual({
      courier: 'GIG',
      tracking_no: 'GIG-1',
    });
    expect(validateInput(LinesShipDto, { courier: ' G ', tracking_no: '12' }).errors).toEqual({
      courier: [FULFILMENT_MSG.courierInvalid],
      tracking_no: [FULFILMENT_MSG.trackingInvalid],
    });
    expect(validateInput(LinesShipDto, { courier: 'x'.repeat(61), tracking_no: 42 }).errors).toEqual({
      courier: [FULFILMENT_MSG.courierInvalid],
      tracking_no: [FULFILMENT_MSG.trackingInvalid],
    });
  });
});
