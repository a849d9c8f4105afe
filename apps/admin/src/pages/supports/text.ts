/**
 * Local UI text of the support inbox (back office, issue 12: spec 2.18, 3, 4, 6, 8); the spec's own messages come
 * from MSG.support.
 */
export const SUPPORT_TEXT = {
  title: 'Support inbox',
  request: 'Support request',
  // Columns
  subject: 'Subject',
  name: 'Name',
  email: 'E-mail',
  status: 'Status',
  replies: 'Replies',
  replyCount: (n: number) => `${n} ${n === 1 ? 'reply' : 'replies'}`,
  date: 'Date',
  actions: 'Actions',
  statusOf: (subject: string) => `Status of "${subject}"`,
  // Filters
  statusFilter: 'Filter by status',
  allStatuses: 'All statuses',
  search: 'Search by subject, name or e-mail',
  loadFailed: 'Failed to load support requests.',
  loadOneFailed: 'Failed to load the support request.',
  empty: 'No support requests found.',
  // Row actions
  open: 'Open',
  openOf: (subject: string) => `Open the thread "${subject}"`,
  delete: 'Delete',
  deleteOf: (subject: string) => `Delete the support request "${subject}"`,
  deleteTitle: 'Delete this support request?',
  deleteText: 'The request and its whole thread are deleted. This action cannot be undone!',
  deleteYes: 'Yes, delete',
  cancel: 'Cancel',
  // Thread
  thread: 'Conversation',
  customer: 'Customer',
  jaraSupport: 'Jara Support',
  supportBy: (name: string) => `Jara Support · ${name}`,
  original: 'Request',
  account: 'Account',
  noAccount: 'Account deleted',
  opened: 'Opened',
  noReplies: 'No replies yet.',
  reply: 'Reply',
  replyLabel: 'Your reply',
  replyPlaceholder: 'Write your reply to the customer…',
  replyHint: 'The customer is told in the app and by e-mail; the request moves to In Progress.',
  send: 'Send reply',
} as const;
