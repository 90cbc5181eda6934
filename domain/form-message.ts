/**
 * The look of a form's success and error message. Shared by FormMessage and by the server,
 * which writes the same message into the page when it refuses a contact form posted without
 * JavaScript (server/contact/contact-form-page.ts), so the two never drift apart. Tailwind finds the
 * classes here as it scans the project.
 */
export const formMessageClass = {
  success:
    "rounded-sm border-l-4 border-success-line bg-success-bg px-2 py-1.5 font-semibold text-success",
  error:
    "rounded-sm border-l-4 border-error bg-error-bg px-2 py-1.5 font-semibold text-error-strong",
} as const;
