import { AltLanding } from "../components/alt-landing.tsx";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";

/** Prerendered and static: no React in the browser (issue 13). */
export const handle: RouteHandle = { hydrate: false };

export const meta = () =>
  pageMeta({
    title: "Clear lines, clean code, customers who call",
    description:
      "Fineline Studio draws every website from your customers' questions outward, then builds it to load in a blink. See our four-step process.",
    path: "/home3",
  });

export default function HomeLight() {
  return <AltLanding tone="light" />;
}
