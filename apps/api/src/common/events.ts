/** Domain events: modules talk through these, never through each other's tables. */
export const EVENTS = {
  userVerified: 'user.verified',
} as const;

export interface UserVerifiedEvent {
  userId: number;
  email: string;
  name: string | null;
}
