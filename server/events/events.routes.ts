import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contactTexts } from "../../domain/contact-texts.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { eventTexts, registeredPagePath, seatsLeftText } from "../../domain/event-texts.ts";
import type { CatalogEvent } from "../../domain/events.ts";
import { leadSourceOf } from "../../domain/lead-source.ts";
import { typed } from "../api/contracts.ts";
import { manageKey } from "../booking/manage-token.ts";
import { formTokenKey } from "../contact/form-token.ts";
import {
  contactBodyLimit,
  entryPageOf,
  judgeSubmission,
  sourcePageOf,
  visitOf,
} from "../contact/submission.ts";
import {
  databaseTrouble,
  unavailableRetryAfterSeconds,
  unavailableText,
} from "../db/unavailable.ts";
import { clientKeys } from "../http/client-caps.ts";
import { limitPerWindow, tenMinutes } from "../http/rate-limit.ts";
import { csvRow } from "../leads/csv.ts";
import { takesRegistrations } from "./event-catalog.ts";
import { seatsLeft } from "./event-seats.repository.ts";
import { eventSummaries, registrationsOf } from "./event-summaries.repository.ts";
import { registrationIdOfToken } from "./registration-link.ts";
import {
  cancelRegistration,
  findRegistration,
  registerForEvent,
} from "./registrations.repository.ts";

/** What a visitor typed into the registration form, as posted. */
export type PostedRegistration = Partial<
  Record<"email" | "firstName" | "lastName" | "seats", unknown>
>;

export type EventRoutesOptions = {
  /**
   * The event's page with the form filled in again, the message in its live region and the
   * field it is about focused: the answer to a refused plain form post. Null without a build
   * (or a page): the post is redirected to the event's page.
   */
  refusedFormPage?:
    | ((
        slug: string,
        posted: PostedRegistration,
        message: string,
        focus: keyof PostedRegistration | null,
      ) => Promise<{ html: string; csp: string } | null>)
    | undefined;
};

const isFormPost = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
const isJson = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/json");

/** The field a refusal's message is about, focused when the page comes back. */
function fieldOf(message: string, posted: PostedRegistration): keyof PostedRegistration | null {
  switch (message) {
    case contactTexts.invalidEmail:
      return "email";
    case contactTexts.invalidFirstName:
      return "firstName";
    case contactTexts.invalidLastName:
      return "lastName";
    case contactTexts.nameTooLong:
      return typeof posted.firstName === "string" && posted.firstName.trim().length > 100
        ? "firstName"
        : "lastName";
    default:
      return message === eventTexts.invalidSeats ||
        message === eventTexts.full ||
        message.startsWith("Only ")
        ? "seats"
        : null;
  }
}

/** Per address, across instances: ten registrations in ten minutes, counted apart from contact. */
const registrationLimit = limitPerWindow(10, tenMinutes, { failOpen: true });

/** Registering for events, and the seats left (ADR 026). */
export async function eventsRoutes(app: FastifyInstance, opts: EventRoutesOptions) {
  await app.register(formbody, { bodyLimit: contactBodyLimit });
  const { db, clock, outbox, events } = app;
  const api = typed(app);
  const formKey = formTokenKey(app.tokens.key);
  const clientKeyOf = clientKeys(app.tokens.key);
  const siteHosts = [new URL(app.config.siteUrl).hostname];

  /**
   * A refusal: JSON as `{ message }`; a plain form post gets the event's page again with the
   * message and what was typed, or (no such page) a redirect to it, or to /events.
   */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    message: string,
    slug: string | null,
  ) {
    if (!isFormPost(request)) return reply.code(status).send({ message });
    const posted = (
      request.body && typeof request.body === "object" ? request.body : {}
    ) as PostedRegistration;
    const page =
      slug && opts.refusedFormPage
        ? await opts
            .refusedFormPage(slug, posted, message, fieldOf(message, posted))
            .catch((failure: unknown) => {
              request.log.error({ err: failure }, "events: could not read the event's page");
              return null;
            })
        : null;
    if (!page) return reply.redirect(slug ? `/events/${slug}` : "/events", 303);
    return reply
      .code(status)
      .header("Content-Type", "text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", page.csp)
      .send(page.html);
  }

  /** The event a request names, while it takes registrations; else why not. */
  function openEvent(
    slug: string,
  ): { event: CatalogEvent } | { event?: undefined; refusal: string; known: boolean } {
    const event = events.find(slug);
    if (!event) return { refusal: eventTexts.unknown, known: false };
    if (!takesRegistrations(event, clock())) return { refusal: eventTexts.closed, known: true };
    return { event };
  }

  // Validation (400), an oversized or unreadable body, the limit (429) and a database that did
  // not answer (503): a plain form post still lands on the event's page, saying why.
  app.setErrorHandler(async (error: { statusCode?: number; message?: string }, request, reply) => {
    const trouble = databaseTrouble(error);
    const status = trouble ? 503 : (error.statusCode ?? 500);
    if (!isFormPost(request) || status < 400 || (status >= 500 && status !== 503)) throw error;
    if (status === 503) {
      request.log.warn({ err: error }, "events: the database did not answer");
      reply.header("Retry-After", String(unavailableRetryAfterSeconds));
    }
    const slug = (request.params as { slug?: unknown } | undefined)?.slug;
    const known = typeof slug === "string" && events.find(slug) ? slug : null;
    const message =
      status === 503
        ? unavailableText
        : status === 429
          ? "Too many requests from your connection. Please try again in a few minutes."
          : status === 400 || status === 413 || status === 415
            ? (error.message ?? contactTexts.failure)
            : contactTexts.failure;
    return refuse(request, reply, status, message, known);
  });

  api.route({
    ...endpoints.registerForEvent,
    bodyLimit: contactBodyLimit,
    // Counted once the body is read, so a refused post can still be shown again with its values.
    config: { rateLimit: { ...registrationLimit.rateLimit, hook: "preValidation" } },
    preValidation: async (request, reply) => {
      if (!isJson(request) && !isFormPost(request))
        return reply
          .code(415)
          .send({ message: "Send the form as JSON or as a regular form post." });
    },
    handler: async (request, reply) => {
      const now = clock();
      const open = openEvent(request.params.slug);
      if (!open.event)
        return refuse(request, reply, 404, open.refusal, open.known ? request.params.slug : null);
      const { event } = open;
      const body = request.body;
      const ownHosts = [...siteHosts, request.hostname];
      const { spam, token } = judgeSubmission(request, body, { formKey, now, ownHosts });
      const sourcePage = sourcePageOf(body.sourcePage, request, ownHosts);
      const outcome = await registerForEvent(db, {
        event,
        lead: {
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          sourcePage,
          entryPage: entryPageOf(body.entryPage, sourcePage),
          source: leadSourceOf(visitOf(body, request), ownHosts),
          spam,
          formToken: token.kind === "fresh" ? token.claim : undefined,
        },
        seats: body.seats,
        now,
        email: outbox !== null,
        client: { key: clientKeyOf(request.ip), capped: app.config.rateLimit },
      });
      if (outcome.kind === "capped") {
        reply.header("Retry-After", String(outcome.retryAfterSeconds));
        return refuse(request, reply, 429, outcome.message, event.slug);
      }
      if (outcome.kind === "full")
        return refuse(
          request,
          reply,
          409,
          outcome.seatsLeft === 0 ? eventTexts.full : seatsLeftText(outcome.seatsLeft),
          event.slug,
        );
      if (outcome.kind === "spam")
        request.log.info({ reason: outcome.reason }, "events: registration kept as spam");
      else {
        request.log.info({ event: event.slug, repeat: outcome.repeat }, "events: registered");
        outbox?.poke();
      }
      // A spam verdict is answered exactly like a registration: a bot learns nothing.
      if (isFormPost(request)) return reply.redirect(registeredPagePath(event.slug), 303);
      return reply
        .code(201)
        .header("Cache-Control", "no-store")
        .send({ message: eventTexts.registered });
    },
  });

  api.route({
    ...endpoints.eventSeats,
    config: limitPerWindow(120, 60_000, { failOpen: true }),
    handler: async (request, reply) => {
      const open = openEvent(request.params.slug);
      if (!open.event) return reply.code(404).send({ message: open.refusal });
      reply.header("Cache-Control", "no-store");
      return { capacity: open.event.capacity, seatsLeft: await seatsLeft(db, open.event) };
    },
  });
}

/**
 * A guest's own registration, by the link in their confirmation e-mail (ADR 026): what it is,
 * and canceling it until the event starts. The link is the key, so it is never logged
 * (server/http/logging.ts) and its page sends no Referer.
 */
export async function guestRegistrationRoutes(app: FastifyInstance) {
  const { db, clock, outbox, events } = app;
  const api = typed(app);
  // The key booking links are made with; registration links are domain-separated from them.
  const linkKey = manageKey(app.tokens.key);
  const limit = limitPerWindow(30, tenMinutes, { failOpen: true });

  /** The registration and its event a token names; null for any other token. */
  async function registrationOf(token: string) {
    const id = registrationIdOfToken(linkKey, token);
    const registration = id ? await findRegistration(db, id) : undefined;
    const event = registration && events.find(registration.event_slug);
    return registration && event ? { registration, event } : null;
  }

  api.route({
    ...endpoints.guestRegistration,
    config: limit,
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const found = await registrationOf(request.params.token);
      if (!found) return reply.code(404).send({ message: eventTexts.linkNotFound });
      const { registration, event } = found;
      return {
        firstName: registration.first_name,
        seats: Number(registration.seats),
        event: {
          slug: event.slug,
          title: event.title,
          start: event.start,
          end: event.end,
          place: event.place,
          url: event.url,
        },
        cancelable: clock().getTime() < Date.parse(event.start),
      };
    },
  });

  api.route({
    ...endpoints.cancelOwnRegistration,
    config: limit,
    handler: async (request, reply) => {
      const now = clock();
      const found = await registrationOf(request.params.token);
      if (!found) return reply.code(404).send({ message: eventTexts.linkNotFound });
      const { registration, event } = found;
      if (now.getTime() >= Date.parse(event.start))
        return reply.code(409).send({ message: eventTexts.started });
      // The DELETE decides: of two cancels at once, the second finds nothing (404).
      const canceled = await cancelRegistration(db, {
        event,
        id: registration.id,
        now,
        email: outbox !== null,
      });
      if (!canceled) return reply.code(404).send({ message: eventTexts.linkNotFound });
      request.log.info({ event: event.slug }, "events: registration canceled by its guest");
      if (canceled.emailed) outbox?.poke();
      return {
        message: canceled.emailed ? eventTexts.guestCanceledWithEmail : eventTexts.guestCanceled,
      };
    },
  });
}

/** The admin's side: every event's seats, who registered, and the export (admin scope). */
export async function eventAdminRoutes(app: FastifyInstance) {
  const { db, clock, events, outbox } = app;
  const api = typed(app);

  api.route({
    ...endpoints.cancelEventRegistration,
    handler: async (request, reply) => {
      const now = clock();
      const event = events.find(request.params.slug);
      if (!event) return reply.code(404).send({ message: eventTexts.unknown });
      const canceled = await cancelRegistration(db, {
        event,
        id: request.params.id,
        now,
        email: outbox !== null,
      });
      if (!canceled) return reply.code(404).send({ message: eventTexts.noSuchRegistration });
      request.log.info({ event: event.slug }, "events: registration canceled by the owner");
      if (canceled.emailed) outbox?.poke();
      const [summary] = await eventSummaries(db, [event], now);
      return {
        message: canceled.emailed ? eventTexts.canceledWithEmail : eventTexts.canceled,
        event: summary,
      };
    },
  });

  api.route({
    ...endpoints.events,
    handler: async () => ({ events: await eventSummaries(db, events.events, clock()) }),
  });

  api.route({
    ...endpoints.eventRegistrations,
    handler: async (request, reply) => {
      const event = events.find(request.params.slug);
      if (!event) return reply.code(404).send({ message: eventTexts.unknown });
      return registrationsOf(db, event, clock());
    },
  });

  api.route({
    ...endpoints.exportEventRegistrations,
    handler: async (request, reply) => {
      const event = events.find(request.params.slug);
      if (!event) return reply.code(404).send({ message: eventTexts.unknown });
      const { registrations } = await registrationsOf(db, event, clock());
      const columns = ["FirstName", "LastName", "Email", "Seats", "RegisteredAt", "LeadID"];
      const rows = [
        // A byte-order mark so spreadsheet programs read the file as UTF-8.
        `\uFEFF${csvRow(columns)}`,
        ...registrations.map((r) =>
          csvRow([r.firstName, r.lastName, r.email, r.seats, r.createdAt, r.leadId]),
        ),
      ];
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="registrations-${event.slug}.csv"`)
        .send(rows.join(""));
    },
  });
}
