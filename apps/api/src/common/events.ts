/** Domain events: modules talk through these, never through each other's tables. */
export const EVENTS = {
  userVerified: 'user.verified',
  userDeleted: 'user.deleted',
} as const;

export interface UserVerifiedEvent {
  userId: number;
  email: string;
  name: string | null;
}

/** An admin deleted the user (a soft delete: the row stays, deactivated and anonymised); owners of user data react. */
export interface UserDeletedEvent {
  userId: number;
}
