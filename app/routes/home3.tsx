import { AltLanding } from "../components/alt-landing.tsx";
import { pageMeta } from "../seo.ts";

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
