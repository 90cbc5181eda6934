import { AltLanding } from "../components/alt-landing.tsx";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";

export const handle: RouteHandle = { tone: "dark", hydrate: false };

export const meta = () =>
  pageMeta({
    title: "A website that works the night shift",
    description:
      "How Fineline Studio takes a small business from first call to launch: discover, plan, build, launch and support, drawn one line at a time.",
    path: "/home2",
  });

export default function HomeDark() {
  return <AltLanding tone="dark" />;
}
