/** Business constants of spec section 9 and the identity rules of issue 2. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_INTERVAL_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 6;
export const ADMIN_PASSWORD_MIN_LENGTH = 8;
export const CURRENCY_CODE_MAX_LENGTH = 10;
export const GREETING_REFRESH_MS = 60_000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const COPY_CONFIRMATION_MS = 2000;
export const TRANSACTIONS_FAKE_DELAY_MS = 1000;

export const PAGE_SIZES = {
  users: 10,
  deliveries: 10,
  categories: 10,
  trackingAdmin: 5,
  mall: 8,
  catalogue: 6,
  productManager: 10,
  carousel: 3,
} as const;

export const LIST_DEFAULT_PER_PAGE = 10;
/**
 * Bounds of the list grammar, in one place (the API's list helper enforces them; clients may read them).
 * per_page above the cap is served as the cap; the rest answer 422 with a field error when exceeded.
 */
export const LIST_MAX_PER_PAGE = 100;
/** Rows a page may skip (page*per_page or _start); deeper reads need the keyset cursor. */
export const LIST_MAX_OFFSET = 1_000_000;
/** Characters of one query value (q, a filter value, a sort list). */
export const LIST_MAX_VALUE_LENGTH = 200;
/** Values of one multi-value filter (?id=1&id=2..., as Refine's getMany sends). */
export const LIST_MAX_VALUES = 100;

export const CART_STORAGE_KEY = 'cart';
export const PENDING_VERIFICATION_EMAIL_KEY = 'pendingVerificationEmail';

export const UPLOAD_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
