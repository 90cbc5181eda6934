import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { ContactForm, type ContactStatus, type FormTone } from "../components/contact-form.tsx";

/**
 * The contact form's island. Its props travel in the host's data-props; a message already on
 * the page (the server's answer to a form posted without script) becomes the initial status,
 * so the hydrated form matches the HTML. What the visitor typed before this loaded is kept:
 * React leaves an uncontrolled field's value alone when hydrating.
 */
export function hydrate(host: HTMLElement): void {
  keepValuesAsTyped(host);
  const props = JSON.parse(host.dataset.props ?? "{}") as {
    sourcePage?: string;
    tone?: FormTone;
  };
  const shown = host.querySelector("[aria-live] > [role]");
  const initialStatus: ContactStatus | undefined =
    shown?.textContent && shown.getAttribute("role") === "alert"
      ? { kind: "error", message: shown.textContent }
      : undefined;
  hydrateRoot(
    host,
    <Island host={host}>
      <ContactForm sourcePage={props.sourcePage} tone={props.tone} initialStatus={initialStatus} />
    </Island>,
  );
}

/**
 * A page the server sent back with the form filled in carries the values as the fields'
 * defaults (value attributes, textarea text). React would reset a textarea's default to ""
 * when hydrating, wiping the message, and form.reset() after a later send would bring the
 * refused values back. So each value becomes what the visitor typed, and the defaults empty.
 */
function keepValuesAsTyped(host: HTMLElement): void {
  for (const field of host.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input[name]:not([type=hidden]), textarea[name]",
  )) {
    const typed = field.value;
    field.value = typed; // now the field's own value, whatever its default says
    if (field instanceof HTMLTextAreaElement) field.defaultValue = "";
    else field.removeAttribute("value");
  }
}

/** Marks the host once React owns it, for tests and for styles that wait for it. */
function Island({ host, children }: { host: HTMLElement; children: React.ReactNode }) {
  useEffect(() => {
    host.dataset.hydrated = "true";
  }, [host]);
  return children;
}
