/** A message sent through the public contact form (spec 2.1: full name, e-mail, message). */
export interface ContactMessage {
  id: number;
  full_name: string;
  email: string;
  message: string;
  created_at: string;
}

/** Local UI text (the spec quotes none for this admin screen). */
export const CONTACT_TEXT = {
  title: 'Contact Messages',
  searchPlaceholder: 'Search name, e-mail or message',
  loadError: 'Failed to load contact messages.',
  empty: 'No contact messages yet.',
  view: 'View',
  fullName: 'Full name',
  email: 'E-mail',
  message: 'Message',
  received: 'Received',
  reply: 'Reply by e-mail',
} as const;
