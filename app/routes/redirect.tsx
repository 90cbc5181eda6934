import { redirect } from "react-router";
import { findRedirect, unknownPathTarget } from "../../domain/routing.ts";
import type { Route } from "./+types/redirect";

// The server answers these paths with real HTTP redirects; this covers client-side navigation.
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { pathname } = new URL(request.url);
  throw redirect(findRedirect(pathname) ?? unknownPathTarget);
}

export default function Redirecting() {
  return null;
}
