import type { Role } from './roles';

/** '1' active, '0' inactive (spec section 3). */
export type UserStatusValue = '1' | '0';

/** A user as the API returns it: never a password, code or provider id. */
export interface PublicUser {
  id: number;
  name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  image: string | null;
  role: Role;
  status: UserStatusValue;
  email_verified: boolean;
  /** A new address waiting for its code (POST /user/confirm-email); null when no change is open. */
  pending_email: string | null;
  /** Update e-mails (deliveries, orders, support replies) on; essential ones (KYC, invoices, money, security) always go. */
  email_updates: boolean;
  created_at: string;
  updated_at: string;
}

export interface LoginResponse {
  message: string;
  token: string;
  user: PublicUser;
  /** Seconds until the token expires. */
  expires_in: number;
}

export interface RegisterRequest {
  email: string;
  password: string;
  /** The storefront's sign-up asks for it (issue 22); the spec's body has none, so the API takes it as optional. */
  name?: string;
}
export interface VerifyOtpRequest {
  email: string;
  otp: string;
}
export interface ResendOtpRequest {
  email: string;
}
export interface LoginRequest {
  email: string;
  password: string;
}
/** One of the two: an ID token (preferred) or an access token; either must be issued to our client id. */
export interface GoogleLoginRequest {
  access_token?: string;
  id_token?: string;
}

export interface ChangeEmailRequest {
  email: string;
}
export interface ConfirmEmailRequest {
  otp: string;
}
/** POST /user/confirm-email: the e-mail change ends every other session, so the caller gets a fresh token. */
export interface ConfirmEmailResponse {
  message: string;
  data: PublicUser;
  token: string;
  expires_in: number;
}

export interface UpdateProfileRequest {
  name?: string;
  /** Only the current address is accepted here; a new one goes through POST /user/change-email. */
  email?: string;
  phone?: string;
  address?: string;
  city?: string;
  postal_code?: string;
  country?: string;
}

export interface AdminUpdateUserRequest {
  name?: string;
  email?: string;
  phone?: string;
  role?: Role;
  status?: UserStatusValue;
}

/** The greeting's name (issue 22): the first word of the user's name, else 'User' ('Hi Chioma', never the surname). */
export function firstName(name: string | null | undefined): string {
  const first = (name ?? '').trim().split(/\s+/)[0];
  return first ? first : 'User';
}

/** The part of the e-mail before the @ (the profile handle, spec 2.22). */
export function emailHandle(email: string | null | undefined): string {
  return (email ?? '').split('@')[0] ?? '';
}
