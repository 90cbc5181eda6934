import frameScript from "virtual:frame-script";
import manropeLatinExt from "@fontsource-variable/manrope/files/manrope-latin-ext-wght-normal.woff2?url";
import manropeLatin from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url";
import { useContext, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
} from "react-router";
import { faviconDataUrl } from "../domain/brand-mark.ts";
import { isAdminPath, isClientRenderedPath } from "../domain/routing.ts";
import type { Route } from "./+types/root";
import { buttonClass } from "./components/layout.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteNav } from "./components/site-nav.tsx";
import { frameLoaderScript } from "./frame/frame-loader.ts";
import { revealBootScript } from "./frame/reveal.ts";
import { fullTitle } from "./seo.ts";
import { speculationRules, viewTransitionCss } from "./speculation.ts";

export type RouteHandle = {
  tone?: "light" | "dark";
  /**
   * Whether the page loads React in the browser (ADR 014). Public content pages say
   * false: React renders them at build time and the frame script adds their behaviour. Screens
   * that need the app (accounts, admin) and the SPA fallback hydrate.
   */
  hydrate?: boolean;
};

// Self-hosted Manrope (variable, 400–700 used). Only the Latin file is preloaded; the
// latin-ext file is fetched only if a page uses those characters (unicode-range).
const fontFaces = `@font-face{font-family:"Manrope";font-style:normal;font-display:swap;font-weight:200 800;src:url(${manropeLatin}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}@font-face{font-family:"Manrope";font-style:normal;font-display:swap;font-weight:200 800;src:url(${manropeLatinExt}) format("woff2");unicode-range:U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF}`;

/**
 * The stylesheet is inlined into every prerendered page: a render-blocking request costs a
 * round trip on a slow phone, more than the 7 KB it adds to each page (ADR 005). The prerender
 * reads the built CSS; in the browser the same text is taken from the page, so the CSS never
 * ships inside the JavaScript too (Vite drops the SSR branch from the client bundle).
 */
const appCss: string = import.meta.env.SSR
  ? (await import("./app.css?inline")).default
  : (globalThis.document?.getElementById("app-css")?.textContent ?? "");

/** Inline, so no page spends an early round trip on its icon (domain/brand-mark.ts). */
const favicon = faviconDataUrl();

export const links: Route.LinksFunction = () => [
  // Preloaded so the swap happens before first paint on a decent connection, but at low
  // priority so on a slow one it never delays the HTML's own paint (the fallback is metric-matched).
  {
    rel: "preload",
    href: manropeLatin,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
    fetchPriority: "low",
  },
  { rel: "icon", href: favicon, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

function usePageHandle(): { tone: "light" | "dark"; hydrate: boolean } {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  // The SPA fallback is rendered at "/" but serves every client-rendered screen: it hydrates.
  const spaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  return { tone: handle?.tone ?? "light", hydrate: spaFallback || (handle?.hydrate ?? true) };
}

/**
 * Client-rendered screens hydrate over the SPA fallback, which was prerendered at "/" with
 * Home marked current; React keeps server-rendered attributes on hydration, so the nav is
 * rendered afresh once hydrated there. Prerendered pages keep their nav (and an open menu).
 */
function useChrome(): { navKey: string; site: boolean } {
  const { pathname } = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return {
    navKey: hydrated && isClientRenderedPath(pathname) ? "client" : "prerendered",
    // The admin is a workspace with its own shell (ADR 013): no marketing nav or footer.
    site: !(hydrated && isAdminPath(pathname)),
  };
}

/**
 * Public pages are documents of their own (ADR 014): a navigation from a
 * client-rendered screen to one (after logging in, a link on an account screen, a client
 * redirect) loads it from the server, so it comes with its frame script and its own CSP and
 * the app never renders a page that is not meant to hydrate.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const url = new URL(request.url);
    if (isClientRenderedPath(url.pathname)) return next();
    window.location.assign(`${url.pathname}${url.search}`);
    // The document is being replaced: this navigation never completes here.
    return new Promise<never>(() => {});
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const { tone, hydrate } = usePageHandle();
  const { navKey, site } = useChrome();
  return (
    // data-reveal is set by the head's boot script, before the page is first painted.
    <html
      lang="en"
      suppressHydrationWarning
      className={tone === "dark" ? "theme-dark bg-ink" : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={tone === "dark" ? "#0e1116" : "#f7f5f0"} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: static, build-time constant */}
        <script dangerouslySetInnerHTML={{ __html: revealBootScript }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: static, build-time constant */}
        <style dangerouslySetInnerHTML={{ __html: fontFaces }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, built by Vite */}
        <style id="app-css" dangerouslySetInnerHTML={{ __html: appCss }} />
        {hydrate ? null : (
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: static, build-time constant */}
            <style dangerouslySetInnerHTML={{ __html: viewTransitionCss }} />
            <script
              type="speculationrules"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: static JSON, allowed by hash in the CSP
              dangerouslySetInnerHTML={{ __html: speculationRules }}
            />
          </>
        )}
        <Meta />
        <Links />
      </head>
      <body className={tone === "dark" ? "bg-ink text-paper" : undefined}>
        <div id="top" />
        <a
          href="#main"
          className="sr-only z-50 rounded-sm bg-ink px-2 py-1 font-semibold text-paper focus:not-sr-only focus:fixed focus:top-1 focus:left-1"
        >
          Skip to content
        </a>
        {site ? <SiteNav tone={tone} key={navKey} /> : null}
        {children}
        {site ? <SiteFooter /> : null}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
        {/* The frame's behaviour, on every page, loaded once the first paint is on screen. */}
        <script
          data-frame={frameScript}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: static, build-time constant
          dangerouslySetInnerHTML={{ __html: frameLoaderScript }}
        />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    window.__finelineApp = true;
  }, []);
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Outlet />
    </main>
  );
}

export function HydrateFallback() {
  return (
    <main
      id="main"
      className="mx-auto min-h-[70vh] max-w-[1440px] px-3 pt-16 md:px-5"
      aria-busy="true"
    >
      {/* The SPA fallback's own title, until the screen's meta replaces it. */}
      <title>{fullTitle("Loading")}</title>
      <p className="text-muted">Loading…</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? "We couldn't find that page" : "Something went wrong on this page";
  const detail = notFound
    ? "The link may be old, or the page may have moved. Everything we publish is one click from the homepage."
    : "It's our fault, not yours. Try again in a moment; if it keeps happening, tell us and we'll fix it.";
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[80vh] max-w-[1440px] flex-col justify-center px-3 pt-14 pb-10 md:px-5"
    >
      <title>{fullTitle(notFound ? "Page not found" : "Something went wrong")}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-bold tracking-[0.14em] text-accent-strong uppercase">
        {isRouteErrorResponse(error) ? `Error ${error.status}` : "Unexpected error"}
      </p>
      <h1 className="mt-2 max-w-3xl text-title font-bold">{heading}</h1>
      <p className="mt-3 max-w-xl text-lg text-muted">{detail}</p>
      <div className="mt-5 flex flex-wrap gap-2">
        <Link to="/" className={buttonClass()}>
          Back to the homepage
        </Link>
        <Link to="/home#contact-us" className={buttonClass("secondary")}>
          Contact us
        </Link>
      </div>
    </main>
  );
}
