import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public, prerendered pages (the list of paths is in app/content/public-paths.server.ts).
  index("routes/home.tsx", { id: "home" }),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  route("home2", "routes/after-hours-sellers.tsx"),
  route("home3", "routes/local-services.tsx"),
  route("previous-work", "routes/previous-work.tsx"),
  route("previous-work/:slug", "routes/case-study.tsx"),
  route("about", "routes/about.tsx"),
  route("links", "routes/links.tsx"),
  route("test", "routes/test.tsx"),
  route("events", "routes/events.tsx"),
  route("events/:slug", "routes/event.tsx"),
  // Where an event's no-JavaScript registration lands (prerendered per upcoming event, noindex).
  route("events/:slug/registered", "routes/event-registered.tsx"),
  route("guides", "routes/guides.tsx"),
  route("guides/wordpress/:slug", "routes/guide.tsx"),
  route("secret/blog", "routes/blog.tsx"),
  route("secret/blog/blog/:slug", "routes/blog-post.tsx"),
  route("book", "routes/book.tsx"),
  route("privacy", "routes/privacy.tsx"),

  // Where a no-JavaScript contact form post lands (prerendered, noindex).
  route("contact/:outcome", "routes/contact-outcome.tsx"),
  // A visitor's booking, by the token in its link: one prerendered page for every token.
  route("booking/:token", "routes/booking-manage.tsx"),
  // A guest's event registration, by the token in its link: likewise.
  route("registration/:token", "routes/registration-manage.tsx"),

  // Prerendered files.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("secret/blog/rss.xml", "routes/blog-rss.ts"),

  // Client-rendered screens, served from the SPA fallback and never indexed.
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  // A team invitation's link (docs/team.md): served from the SPA fallback, never indexed.
  route("invite/:token", "routes/invite.tsx"),
  // "Forgot password?" and the e-mailed reset link (docs/team.md): likewise.
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token", "routes/reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("access-denied", "routes/access-denied.tsx"),
  // The admin area: one layout whose middleware guards every page under it.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("leads", "routes/admin/leads.tsx"),
    route("pipeline", "routes/admin/pipeline.tsx"),
    route("insights", "routes/admin/insights.tsx"),
    route("events", "routes/admin/events.tsx"),
    // The content studio; its editor (and CodeMirror with it) loads only when an entry opens.
    route("content", "routes/admin/content.tsx"),
    route("content/:id", "routes/admin/content-entry.tsx"),
    route("spam", "routes/admin/spam.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("team", "routes/admin/team.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("account", "routes/admin/account.tsx"),
  ]),

  // The fixed redirects and "any other path → /" (docs/product.md, "Redirects"), mirrored by the
  // server as real HTTP redirects.
  route("*", "routes/redirect.tsx"),
] satisfies RouteConfig;
