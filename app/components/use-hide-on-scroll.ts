import { useEffect, useState } from "react";

/** Spec section 9: the bar hides after 200 px of downward scroll and returns on any upward scroll. */
export const navHideThreshold = 200;

export function useHideOnScroll(threshold = navHideThreshold): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (Math.abs(y - last) < 4) return; // ignore sub-pixel jitter and momentum wobble
      setHidden(y > last && y > threshold);
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return hidden;
}
