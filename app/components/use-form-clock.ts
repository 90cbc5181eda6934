import { useEffect, useState } from "react";
import { createFormClock } from "./form-clock.ts";

/**
 * The contact form's clock (form-clock.ts), one per mounted form. It starts as the form
 * hydrates, taking the token the frame asked for when the page was shown; on a page without
 * that token, hydrating (on approach) is still earlier than the first use.
 */
export function useFormClock() {
  const [clock] = useState(createFormClock);
  useEffect(() => clock.start(), [clock]);
  return clock;
}
