/**
 * An e-mail address in a narrow table column: it may break after the "@" (and nowhere else), so a long address
 * reads as two whole parts instead of being cut mid-word ("admin-care-e9b2@exa" / "mple.com").
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <span style={{ whiteSpace: 'nowrap' }}>{email}</span>;
  return (
    <span>
      <span style={{ whiteSpace: 'nowrap' }}>{email.slice(0, at + 1)}</span>
      <wbr />
      <span style={{ whiteSpace: 'nowrap' }}>{email.slice(at + 1)}</span>
    </span>
  );
}
