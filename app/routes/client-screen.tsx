import { Link, useMatches } from "react-router";
import { Container, Eyebrow } from "../components/layout.tsx";
import { privateMeta } from "../seo.ts";

/**
 * Client-rendered screens (served from the SPA fallback, never indexed). The login,
 * sign-up and admin screens themselves arrive with the auth and lead-tracker issues;
 * until then each says plainly what it is.
 */
const screens = {
  login: { title: "Log in", text: "Sign-in for the Fineline team opens with the lead tracker." },
  signup: { title: "Sign up", text: "Accounts open with the lead tracker." },
  logout: { title: "Log out", text: "You are signed out." },
  "access-denied": { title: "Access denied", text: "This area is for studio administrators." },
  admin: { title: "Admin", text: "The lead tracker is not open yet." },
} as const;

type ScreenId = keyof typeof screens;
const screenFor = (id: string | undefined) => screens[(id ?? "admin") as ScreenId] ?? screens.admin;

export function meta({ matches }: { matches: ReadonlyArray<{ id: string } | undefined> }) {
  return privateMeta(screenFor(matches.at(-1)?.id).title);
}

export function clientLoader() {
  return null;
}

export default function ClientScreen() {
  const screen = screenFor(useMatches().at(-1)?.id);
  return (
    <Container className="min-h-[70vh] pt-16 pb-10">
      <Eyebrow>Studio area</Eyebrow>
      <h1 className="mt-2 text-title font-bold">{screen.title}</h1>
      <p className="mt-2 max-w-xl text-lg text-muted">{screen.text}</p>
      <p className="mt-4">
        <Link to="/" className="font-semibold text-accent-strong underline underline-offset-4">
          Back to the home page
        </Link>
      </p>
    </Container>
  );
}
