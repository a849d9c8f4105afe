import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A dialog whose open state is in the URL (e.g. ?request=1), so it works without JavaScript: the server renders it
 * open (a positioned panel); in the browser it becomes a modal <dialog> (focus kept inside, Escape closes). Closing
 * goes to `closeTo`, the same page without the parameter.
 */
export function RouteDialog({
  id,
  title,
  closeTo,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  closeTo: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    // Rendered open by the server (non-modal): reopen it as a modal.
    if (dialog.open && !dialog.matches(':modal')) dialog.close();
    if (!dialog.open) dialog.showModal();
    dialog.classList.add('is-modal');
  }, []);
  return (
    <dialog
      ref={ref}
      open
      id={id}
      className={`route-dialog${wide ? ' route-dialog-wide' : ''}`}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <div className="route-dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link to={closeTo} className="route-dialog-close" aria-label="Close" preventScrollReset>
          ×
        </Link>
      </div>
      <div className="route-dialog-body">{children}</div>
    </dialog>
  );
}
