/**
 * The alert-circle mark of the error alerts (MutationErrorAlert, QueryErrorAlert), drawn here: both are on
 * the first load of the sign-in page (the entry holds QueryErrorAlert), whose JS has a budget (the `size`
 * script), and an icon of the icon library is a definition more in that load.
 */
export function AlertMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </svg>
  );
}
