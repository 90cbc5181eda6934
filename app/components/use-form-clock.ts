import { type RefObject, useEffect, useState } from "react";
import { createFormClock } from "./form-clock.ts";

/** The contact form's clock (form-clock.ts), one per mounted form. */
export function useFormClock(form: RefObject<HTMLFormElement | null>) {
  const [clock] = useState(createFormClock);
  // Hydrated while the visitor is already in the form (focus brings the island): the clock
  // starts now, since the focus that would have started it came before React did.
  useEffect(() => {
    if (form.current?.contains(document.activeElement)) clock.start();
  }, [clock, form]);
  return clock;
}
