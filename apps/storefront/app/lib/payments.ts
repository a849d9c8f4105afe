/** The hidden field of a payment form that carries its Idempotency-Key (made by the loader, read by the action). */
export const IDEMPOTENCY_FIELD = 'idempotency_key';
