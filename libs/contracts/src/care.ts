/** Trust and care (issue 12): KYC submissions and the support centre, as the API answers them. */
import type { KycStatus, SupportStatus } from './statuses';

export const KYC_GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;
export type KycGender = (typeof KYC_GENDERS)[number]['value'];

/** The ID types the spec names, sent and stored as these labels. */
export const KYC_ID_TYPES = ['National ID', "Driver's License", 'Passport'] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];

/** The two documents of a submission, each served only by GET /kyc/{id}/files/{file}. */
export const KYC_FILES = ['id_image', 'user_image'] as const;
export type KycFile = (typeof KYC_FILES)[number];

/** A KYC submission (GET /kyc, GET /kyc/{userId}/user). Image fields are API paths needing the bearer token. */
export interface KycSubmission {
  id: number;
  user_id: number;
  user: { id: number; name: string | null; email: string } | null;
  name: string;
  dob: string;
  gender: KycGender;
  address: string;
  id_type: KycIdType;
  id_number: string;
  /** e.g. /api/v1/kyc/12/files/id_image (owner or admin, with the token). */
  id_image: string;
  user_image: string | null;
  status: KycStatus;
  reason: string | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SupportRequest {
  id: number;
  user_id: number;
  user: { id: number; name: string | null; email: string } | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: SupportStatus;
  /** How many replies the thread holds. */
  responses: number;
  created_at: string;
  updated_at: string;
}

export interface SupportResponse {
  id: number;
  support_id: number;
  message: string;
  /** 0 unread by the other side, 1 read. */
  status: 0 | 1;
  responder_id: number;
  responder: { id: number; name: string | null; role: string } | null;
  /** true when the request's owner wrote it; false for Jara's support team. */
  from_owner: boolean;
  created_at: string;
}

/** GET /supports/{id}/responses: the request and its replies, oldest first. */
export interface SupportThread {
  support: SupportRequest;
  responses: SupportResponse[];
}
