import type { KycFile } from '@jara/contracts';

/**
 * Local UI text of the KYC screens (back office, issue 12: spec 2.22, 3, 4, 6, 8); the spec's own messages come from
 * MSG.kyc.
 */
export const KYC_TEXT = {
  title: 'KYC submissions',
  submission: 'KYC submission',
  submissionOf: (name: string) => `KYC: ${name}`,
  // Columns (spec 3: the submission's fields and the user's e-mail)
  name: 'Name',
  email: 'User e-mail',
  idType: 'ID type',
  idNumber: 'ID number',
  status: 'Status',
  submitted: 'Submitted',
  actions: 'Actions',
  // Filters
  statusFilter: 'Filter by status',
  allStatuses: 'All statuses',
  nameSearch: 'Search by name',
  emailSearch: 'Search by e-mail',
  loadFailed: 'Failed to load KYC submissions.',
  loadOneFailed: 'Failed to load the KYC submission.',
  empty: 'No KYC submissions found.',
  // Row actions
  view: 'View',
  viewOf: (name: string) => `View the KYC submission of ${name}`,
  delete: 'Delete',
  deleteOf: (name: string) => `Delete the KYC submission of ${name}`,
  deleteTitle: 'Delete this KYC submission?',
  deleteText: 'Its two documents and their view log are deleted too. This action cannot be undone!',
  deleteYes: 'Yes, delete',
  cancel: 'Cancel',
  // Show page
  details: 'Details',
  account: 'Account',
  noAccount: 'Account deleted',
  dob: 'Date of birth',
  gender: 'Gender',
  address: 'Address',
  reason: 'Reason',
  noReason: 'No reason given',
  reviewed: 'Decided',
  notReviewed: 'Not decided yet',
  updated: 'Last change',
  documents: 'Documents',
  documentsHint: 'Only admins and the customer can open these; every view by an admin is recorded.',
  fileLabel: { id_image: 'ID image', user_image: 'Passport photo' } as Record<KycFile, string>,
  fileAlt: (file: KycFile, name: string) =>
    file === 'id_image' ? `ID document of ${name}` : `Passport photo of ${name}`,
  fileLoading: 'Loading the document…',
  fileFailed: 'The document could not be loaded.',
  fileNotProvided: 'Not provided (the passport photo is optional).',
  views: 'Document views',
  viewsEmpty: 'No admin has opened these documents yet.',
  viewsFailed: 'The view log could not be loaded.',
  viewed: (who: string, file: string) => `${who} opened the ${file}`,
  someone: 'A deleted admin',
  // Decisions (spec 4)
  approve: 'Approve',
  approveTitle: 'Approve this KYC submission?',
  approveText: 'The customer is told in the app and by e-mail.',
  reject: 'Reject',
  rejectTitle: (name: string) => `Reject the KYC submission of ${name}?`,
  rejectText: 'The customer is told in the app and by e-mail, with the reason, and may submit again.',
  reasonLabel: 'Reason (optional)',
  reasonPlaceholder: 'e.g. The ID image is blurred: please upload a sharper photo.',
  approvedFinalHint: 'Approved: it can still be rejected.',
  rejectedFinalHint: 'Rejected: the customer may submit again.',
  none: '—',
} as const;
