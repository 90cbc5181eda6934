import { Link } from "react-router";
import { type ContactOutcome, contactOutcomes } from "../../domain/contact-outcomes.ts";
import { ContactFormIsland } from "../components/contact-form.tsx";
import { FormMessage } from "../components/form-fields.tsx";
import { Arrow, ButtonLink, Container, Eyebrow } from "../components/layout.tsx";
import { bookHref } from "../components/nav-items.ts";
import type { RouteHandle } from "../root.tsx";
import { privateMeta } from "../seo.ts";
import type { Route } from "./+types/contact-outcome";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

/**
 * Where the contact form lands after a plain (no-JavaScript) post: the confirmation, or the
 * validation message with the form to try again. Prerendered, one page per outcome, noindex.
 */
export function loader({ params }: Route.LoaderArgs) {
  const outcome = params.outcome as ContactOutcome;
  if (!(outcome in contactOutcomes)) throw new Response("Not Found", { status: 404 });
  return { outcome, ...contactOutcomes[outcome] };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privateMeta(loaderData?.ok ? "Thank you" : "Please check the form");

export default function ContactOutcomePage({ loaderData }: Route.ComponentProps) {
  const { ok, message } = loaderData;
  return (
    <Container className="min-h-[60vh] pt-16 pb-12 md:pt-20">
      <Eyebrow>Contact us</Eyebrow>
      <h1 className="mt-2 max-w-3xl text-title font-bold">
        {ok ? "Thank you. Your message is with us." : "Almost there."}
      </h1>
      <div className="mt-4 max-w-2xl text-lg">
        <FormMessage kind={ok ? "success" : "error"}>{message}</FormMessage>
      </div>
      {ok ? (
        <>
          <div className="mt-5 flex max-w-2xl flex-wrap items-center gap-2">
            <p className="text-lg font-semibold">Prefer to talk it through sooner?</p>
            <ButtonLink to={bookHref}>
              Book a free call <Arrow />
            </ButtonLink>
          </div>
          <p className="mt-4 text-lg text-muted">
            We answer every inquiry within one business day. Meanwhile, see{" "}
            <Link
              to="/previous-work"
              className="font-semibold text-accent-strong underline underline-offset-4"
            >
              what we’ve built
            </Link>
            .
          </p>
        </>
      ) : (
        <div className="mt-6 max-w-2xl rounded-sm border border-line bg-paper p-3 md:p-5">
          <ContactFormIsland sourcePage="/home" />
        </div>
      )}
    </Container>
  );
}
