import type { KeyboardEvent } from 'react';

/**
 * The open/close button of a CSS-only drawer: a label for the drawer's checkbox (works without JavaScript), with
 * the button role so its aria-label is allowed, and Enter/Space toggling the checkbox for keyboard users.
 */
export function MenuToggle({
  htmlFor,
  label,
  glyph,
  className,
}: {
  htmlFor: string;
  label: string;
  glyph: string;
  className: string;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLLabelElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    const box = document.getElementById(htmlFor);
    if (box instanceof HTMLInputElement) box.click();
  }
  return (
    <label htmlFor={htmlFor} className={className} role="button" tabIndex={0} aria-label={label} onKeyDown={onKeyDown}>
      <span aria-hidden="true">{glyph}</span>
    </label>
  );
}
