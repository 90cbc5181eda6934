import { absoluteUrl } from "../seo.ts";

/** Prerendered to build/client/robots.txt. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /signup",
    "Disallow: /logout",
    "Disallow: /access-denied",
    "Disallow: /api/",
    "Disallow: /contact/",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
