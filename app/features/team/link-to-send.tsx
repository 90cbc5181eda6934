import { useId, useState } from "react";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";

/**
 * An invitation's link for the owner to send themselves, on a server that sends no e-mail
 * (docs/team.md): shown once, selectable, with a Copy button that says when it copied.
 */
export function LinkToSend({ link, email }: { link: string; email: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard here (an insecure origin, a refusal): the field stays selectable.
      document.getElementById(`${id}-link`)?.focus();
    }
  }
  return (
    <div className="mt-1 grid gap-1 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-link`} className="text-sm font-semibold">
          Link to send to {email}
        </label>
        <input
          id={`${id}-link`}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className={`${compactFieldClass} font-mono text-sm`}
        />
      </div>
      <button type="button" onClick={copy} className={buttonClass("secondary", "sm")}>
        {copied ? "Copied" : "Copy link"}
      </button>
    </div>
  );
}
