import { MSG, RECEIPT_MSG } from '@jara/contracts';
import { checkDeliveryRequest, REQUEST_LIMITS, requestRefusal, requestValues } from './delivery-requests.server';
import { REQUIRED_MARK } from './validate.server';

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const full = {
  name: 'Ada',
  phone: '0803 123 4567',
  external_no: ' YT123 ',
  warehouse_id: '1',
  shipping_type: 'sea_cargo',
};

describe("delivery requests, checked by the API's GuestDeliveryDto and CreateDeliveryDto (spec 5, issue 23)", () => {
  it('asks a guest for name, phone, tracking ID, warehouse and (foreign) shipping type, the sentence said once', () => {
    const result = checkDeliveryRequest(form({}), 'foreign', true);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(MSG.deliveries.publicRequiredFields);
    expect(result.errors).toEqual({
      name: REQUIRED_MARK,
      phone: REQUIRED_MARK,
      external_no: REQUIRED_MARK,
      warehouse_id: REQUIRED_MARK,
      shipping_type: MSG.deliveries.shippingTypeRequired,
    });
  });

  it('does not ask for a shipping type on local requests, nor name and phone when signed in', () => {
    const result = checkDeliveryRequest(form({}), 'local', false);
    expect(result.ok ? null : result).toEqual({
      ok: false,
      message: MSG.deliveries.requiredFields,
      errors: { external_no: REQUIRED_MARK, warehouse_id: REQUIRED_MARK },
    });
  });

  it('sends the guest fields only for guests and the shipping type only for foreign requests', () => {
    const guest = checkDeliveryRequest(form({ ...full, email: '' }), 'foreign', true);
    expect(guest.ok && JSON.parse(JSON.stringify(guest.body))).toEqual({
      external_no: 'YT123',
      warehouse_id: 1,
      from_jara: false,
      type: 'foreign',
      shipping_type: 'sea_cargo',
      name: 'Ada',
      phone: '0803 123 4567',
    });
    const local = checkDeliveryRequest(form({ ...full, shipping_type: '', from_jara: 'on' }), 'local', false);
    expect(local.ok && JSON.parse(JSON.stringify(local.body))).toEqual({
      external_no: 'YT123',
      warehouse_id: 1,
      from_jara: true,
      type: 'local',
    });
  });

  it("refuses a malformed optional e-mail and a warehouse that is not an id with the DTO's words", () => {
    const result = checkDeliveryRequest(form({ ...full, email: 'not-an-email', warehouse_id: 'x' }), 'foreign', true);
    expect(result.ok ? null : result.errors).toEqual({
      email: 'Please enter a valid email address.',
      warehouse_id: MSG.deliveries.warehouseUnknown,
    });
    expect(result.ok ? null : result.message).toBe('Please enter a valid email address.');
  });

  it("shows the API's 422 the same way, and keeps the typed values", () => {
    expect(requestRefusal(false, { warehouse_id: MSG.deliveries.warehouseTypeMismatch })).toEqual({
      message: MSG.deliveries.warehouseTypeMismatch,
      errors: { warehouse_id: MSG.deliveries.warehouseTypeMismatch },
    });
    expect(requestValues(form({ ...full, warehouse_id: 'x', from_jara: 'on' }))).toEqual({
      name: 'Ada',
      phone: '0803 123 4567',
      email: '',
      external_no: ' YT123 ',
      warehouse_id: undefined,
      shipping_type: 'sea_cargo',
      from_jara: true,
      // Issue 26: no contents rows typed, no last-mile choice made.
      contents: undefined,
      last_mile: '',
      declared_weight: '',
      declared_length: '',
      declared_width: '',
      declared_height: '',
    });
    expect(REQUEST_LIMITS).toMatchObject({ name: 120, phone: 30, external_no: 100 });
  });

  it('sends the declared weight and size (issue 26), checked by the DTO: kg with 2 decimals, whole cm, all three or none', () => {
    const declared = { declared_weight: '2.5', declared_length: '30', declared_width: '20', declared_height: '10' };
    const ok = checkDeliveryRequest(form({ ...full, ...declared }), 'foreign', false);
    expect(ok.ok && JSON.parse(JSON.stringify(ok.body))).toMatchObject({
      declared_weight: '2.5',
      declared_length: 30,
      declared_width: 20,
      declared_height: 10,
    });
    // Left blank: nothing declared, nothing sent.
    const none = checkDeliveryRequest(
      form({ ...full, declared_weight: '', declared_length: '', declared_width: '', declared_height: '' }),
      'foreign',
      false,
    );
    expect(
      none.ok && Object.keys(JSON.parse(JSON.stringify(none.body))).filter((k) => k.startsWith('declared')),
    ).toEqual([]);
    // One dimension alone asks for the others; a bad weight or size says so (never 'Required.' for them).
    const bad = checkDeliveryRequest(
      form({ ...full, declared_weight: '1e21', declared_length: '0' }),
      'foreign',
      false,
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.declared_weight).toBe(MSG.deliveries.measureInvalid);
    expect(bad.errors.declared_length).toBe(RECEIPT_MSG.dimensionInvalid);
    expect(bad.errors.declared_width).toBe(RECEIPT_MSG.declaredDimensionsIncomplete);
    expect(bad.errors.declared_height).toBe(RECEIPT_MSG.declaredDimensionsIncomplete);
    // The form's required sentence is still the request's.
    const missing = checkDeliveryRequest(form({ declared_length: '3' }), 'local', false);
    expect(missing.ok ? null : missing.message).toBe(MSG.deliveries.requiredFields);
    // Typed values come back to the form after a refusal.
    expect(requestValues(form({ ...full, ...declared }))).toMatchObject(declared);
  });
});
