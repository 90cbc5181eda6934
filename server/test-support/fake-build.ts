import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

export const inlineScript = "window.__boot = 1;";

/** The contact form as the prerender writes it (app/components/contact-form.tsx), trimmed. */
export const contactFormMarkup = `<div data-island="contact-form" data-props="{&quot;sourcePage&quot;:&quot;/home&quot;}"><form method="post" action="/api/leads/contact-us" novalidate="" aria-describedby="contact-status"><div><label for="contact-email">Email</label><input type="email" id="contact-email" name="email" autoComplete="email"/></div><div><label for="contact-first">First Name</label><input type="text" id="contact-first" name="firstName"/></div><div><label for="contact-last">Last Name</label><input type="text" id="contact-last" name="lastName"/></div><div><label for="contact-message">Message</label><textarea id="contact-message" name="message" rows="5" placeholder="Leave us a Message" class="x"></textarea></div><div id="contact-status" aria-live="polite" aria-atomic="true" class="sm:col-span-2"></div><button type="submit">Submit</button></form></div>`;

/** The registration form as the prerender writes it (app/components/event-registration.tsx), trimmed. */
export const registrationFormMarkup = (slug: string) =>
  `<div data-island="event-registration" data-props="{&quot;slug&quot;:&quot;${slug}&quot;}"><form method="post" action="/api/events/${slug}/registrations" novalidate="" aria-describedby="registration-status"><div><label for="registration-email">Email</label><input type="email" id="registration-email" name="email" autoComplete="email"/></div><div><label for="registration-first">First Name</label><input type="text" id="registration-first" name="firstName"/></div><div><label for="registration-last">Last Name</label><input type="text" id="registration-last" name="lastName"/></div><div><label for="registration-seats">Seats</label><input id="registration-seats" name="seats" type="number" min="1" max="10" value="1"/></div><div id="registration-status" aria-live="polite" aria-atomic="true" class="sm:col-span-2"></div><button type="submit">Register</button></form></div>`;

/**
 * The events of the fake build's catalog (build/events.json): a small one to fill, a roomy
 * one, and one long past.
 */
export const fakeEvents = [
  {
    slug: "small-workshop",
    title: "Small workshop",
    start: "2099-03-18T18:00:00-04:00",
    end: "2099-03-18T20:30:00-04:00",
    capacity: 5,
    place: "Telfair Street Workshop Hall, 218 Telfair St, Savannah, GA 31401",
    price: "$25",
    url: "https://fineline.studio/events/small-workshop",
  },
  {
    slug: "open-evening",
    title: "Open evening",
    start: "2099-01-21T18:00:00-05:00",
    end: "2099-01-21T20:00:00-05:00",
    capacity: 200,
    place: "Online. A link arrives the day before.",
    price: "Free",
    url: "https://fineline.studio/events/open-evening",
  },
  {
    slug: "long-ago",
    title: "Long ago",
    start: "2020-05-16T09:00:00-04:00",
    end: "2020-05-16T13:00:00-04:00",
    capacity: 30,
    place: "Online.",
    price: "Free",
    url: "https://fineline.studio/events/long-ago",
  },
];

/**
 * A small stand-in for build/: the same shapes (prerendered pages, SPA fallback,
 * hashed assets with precompressed twins, public files) so server tests do not
 * depend on a full site build.
 */
export function makeFakeBuild(): string {
  // <root>/build/client, so a process started in <root> finds it at ./build as main.ts expects.
  const buildDir = path.join(mkdtempSync(path.join(tmpdir(), "fineline-build-")), "build");
  const client = path.join(buildDir, "client");
  const write = (rel: string, body: string, compress = false) => {
    const file = path.join(client, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
    if (compress) {
      writeFileSync(`${file}.br`, brotliCompressSync(body));
      writeFileSync(`${file}.gz`, gzipSync(body));
    }
  };
  const page = (title: string, body = "") =>
    `<!doctype html><html><head><title>${title}</title><script>${inlineScript}</script><script type="application/ld+json">{"a":1}</script></head><body><h1>${title}</h1>${"<p>padding</p>".repeat(100)}${body}</body></html>`;
  write("index.html", page("Home"), true);
  write("home/index.html", page("Home alias", contactFormMarkup), true);
  // An outcome page: its message first, the form below (app/routes/contact-outcome.tsx).
  write(
    "contact/too-many/index.html",
    page("Almost there.", `<p role="alert">Too many requests.</p>${contactFormMarkup}`),
    true,
  );
  write(
    "contact/failed/index.html",
    page("Not sent yet.", `<p role="alert">Submission failed.</p>${contactFormMarkup}`),
    true,
  );
  write("about/index.html", page("About"), true);
  write(
    "events/small-workshop/index.html",
    page("Small workshop", registrationFormMarkup("small-workshop")),
    true,
  );
  write(
    "events/open-evening/index.html",
    page("Open evening", registrationFormMarkup("open-evening")),
    true,
  );
  writeFileSync(path.join(buildDir, "events.json"), JSON.stringify(fakeEvents));
  // Written last by postbuild; a build without it is incomplete (server/site/served-build.ts).
  writeFileSync(
    path.join(buildDir, "build-info.json"),
    JSON.stringify({ siteUrl: "http://localhost:3000", builtAt: new Date().toISOString() }),
  );
  write("secret/blog/blog/the-5-Ds/index.html", page("The 5 Ds"), true);
  write("__spa-fallback.html", page("App"), true);
  write("about.data", "[{}]");
  write("assets/root-AbC123.js", `console.log(${JSON.stringify("x".repeat(2000))});`, true);
  write("logos/longue-vue.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  write("sitemap.xml", "<?xml version='1.0'?><urlset/>");
  write(
    "secret/blog/rss.xml",
    `<?xml version='1.0'?><rss version='2.0'>${"<item/>".repeat(200)}</rss>`,
    true,
  );
  return buildDir;
}
