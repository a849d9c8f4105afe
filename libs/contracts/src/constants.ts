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
export const LIST_MAX_PER_PAGE = 100;

export const CART_STORAGE_KEY = 'cart';
export const PENDING_VERIFICATION_EMAIL_KEY = 'pendingVerificationEmail';

export const UPLOAD_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
