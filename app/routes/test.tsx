import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

// /test is an empty page, fixed (docs/product.md, "Routes"). It keeps the frame, names itself
// for assistive technology, and stays out of search results.
export const meta = () =>
  pageMeta({
    title: "Test",
    description: "An intentionally empty page, kept to check the site frame on its own.",
    path: "/test",
    noindex: true,
  });

export default function TestPage() {
  return (
    <div className="min-h-[70vh] pt-16">
      <h1 className="sr-only">Test</h1>
    </div>
  );
}
