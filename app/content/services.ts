/** The studio's nine services, in the order the site presents them. */
export type Service = {
  readonly slug: string;
  readonly name: string;
  readonly summary: string;
  readonly detail: string;
  readonly outcomes: readonly string[];
};

export const services: readonly Service[] = [
  {
    slug: "custom-websites",
    name: "Custom websites",
    summary: "Hand-built sites that load in a blink and make the phone ring.",
    detail:
      "No page-builder bloat and no template you’ll see on your competitor’s site. We design around the three things your visitors came to do, write the copy with you, and build pages that load in under two seconds on a phone.",
    outcomes: [
      "Designed and written with you",
      "Under two seconds on a phone",
      "Yours to edit, no lock-in",
    ],
  },
  {
    slug: "seo",
    name: "SEO",
    summary: "Be the business people find when they search for what you sell.",
    detail:
      "Technical SEO, local search and content that answers real questions. We fix what stops Google from understanding your site, claim your map listing, and write pages for the searches that bring paying customers.",
    outcomes: [
      "Technical audit and fixes",
      "Google Business Profile",
      "Monthly, plain-English reports",
    ],
  },
  {
    slug: "e-commerce",
    name: "E-commerce",
    summary: "Online stores and ordering that keep the margin with you.",
    detail:
      "From a ten-product shop to pickup ordering for three cafés. We pick the platform that fits your volume, connect it to your stock and payments, and cut the third-party commissions that quietly eat your margin.",
    outcomes: [
      "Shopify, WooCommerce or custom",
      "Payments and inventory wired in",
      "Lower fees per order",
    ],
  },
  {
    slug: "hosting",
    name: "Hosting",
    summary: "Fast, patched and backed up, with a human who answers.",
    detail:
      "Managed hosting on infrastructure we’d trust with our own sites: daily off-site backups, security updates applied for you, uptime monitoring, and a person to call when something looks wrong.",
    outcomes: [
      "Daily off-site backups",
      "Updates and SSL handled",
      "Uptime watched around the clock",
    ],
  },
  {
    slug: "custom-saas",
    name: "Custom SaaS",
    summary: "The small piece of software your business keeps doing by hand.",
    detail:
      "Booking tools, catering order desks, client portals. When a spreadsheet and three inboxes have become the system, we build the focused web app that replaces them and grows with you.",
    outcomes: ["Scoped to the real workflow", "Secure logins and roles", "Hosted and maintained"],
  },
  {
    slug: "app-design",
    name: "App design",
    summary: "Interfaces your customers understand on the first try.",
    detail:
      "Research, flows, wireframes and polished screens for web and mobile apps, tested with real users before a line of production code is written, and handed over ready to build.",
    outcomes: ["User research and flows", "Clickable prototypes", "Accessible design systems"],
  },
  {
    slug: "software-audits",
    name: "Software audits",
    summary: "An honest look under the hood before you spend another dollar.",
    detail:
      "We review your site or app for speed, security, accessibility, code quality and hidden risk, then hand you a ranked list of what to fix, what to leave, and what it will cost.",
    outcomes: [
      "Speed and security review",
      "Accessibility check (WCAG 2.2)",
      "Ranked, costed fix list",
    ],
  },
  {
    slug: "cost-optimization",
    name: "Cost optimization",
    summary: "Stop paying for plugins, plans and servers you don’t need.",
    detail:
      "Most small businesses we audit overpay for their web stack. We untangle subscriptions, right-size hosting and replace paid plugins with simpler code, and you keep the savings every month.",
    outcomes: [
      "Subscription and plugin review",
      "Right-sized hosting",
      "Savings tracked month by month",
    ],
  },
  {
    slug: "consulting",
    name: "Consulting",
    summary: "A senior second opinion on your web plans, by the hour.",
    detail:
      "Choosing a platform, briefing an agency, hiring a developer or weighing a quote: talk it through with people who have built and looked after small-business sites since 2019 and have nothing to sell you in that hour.",
    outcomes: ["Platform and vendor advice", "Quote and proposal reviews", "Hourly, no retainer"],
  },
];
