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
export interface GoogleLoginRequest {
  access_token: string;
}

export interface UpdateProfileRequest {
  name?: string;
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

/** 'Hi' plus the second word of the user's name, else 'User' (spec 2.4). */
export function headerName(name: string | null | undefined): string {
  const second = (name ?? '').trim().split(/\s+/)[1];
  return second ? second : 'User';
}

/** The part of the e-mail before the @ (the profile handle, spec 2.22). */
export function emailHandle(email: string | null | undefined): string {
  return (email ?? '').split('@')[0] ?? '';
}
