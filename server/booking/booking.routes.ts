import type { FastifyInstance } from "fastify";
import { type Availability, upcomingDays } from "../../domain/booking.ts";
import { freeSlots, slotsRange } from "../../domain/booking-slots.ts";
import {
  bookingMessages,
  bookingTexts,
  manageTexts,
  meetingsTexts,
  prefillTexts,
} from "../../domain/booking-texts.ts";
import { addDays, startOfDay, todayIn, wallClock } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { leadSourceOf } from "../../domain/lead-source.ts";
import { toPublicLocation } from "../../domain/meeting-location.ts";
import { locationTexts } from "../../domain/meeting-location-texts.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { formTokenKey } from "../contact/form-token.ts";
import {
  contactBodyLimit,
  entryPageOf,
  judgeSubmission,
  sourcePageOf,
  visitOf,
} from "../contact/submission.ts";
import { retryLostConnection } from "../db/retry-lost.ts";
import { uuidv7 } from "../db/uuid.ts";
import { clientKeys } from "../http/client-caps.ts";
import { limitPerWindow, tenMinutes } from "../http/rate-limit.ts";
import { bookingPassKey, readBookingPass } from "../leads/booking-pass.ts";
import { loadAvailability, saveAvailability } from "./availability.repository.ts";
import { bookCall, cancelMeeting, moveMeeting } from "./booking.repository.ts";
import { hashToken, manageKey, manageTokenFor } from "./manage-token.ts";
import { meetingCalendar } from "./meeting-email.ts";
import {
  bookedMeetings,
  contactDetails,
  findMeeting,
  findMeetings,
  type Meeting,
  managedBookingOf,
  meetingRecordOf,
} from "./meetings.repository.ts";

/** Free-time reads per client address a minute. */
export const slotsPerMinute = 120;

/** The booking API's public side: the free times, and booking one (ADR 022). */
export async function bookingRoutes(app: FastifyInstance) {
  const { db, clock, outbox, busyTimes, calendarSync } = app;
  const { timeZone, siteUrl } = app.config;
  /** After a meeting changes: its e-mails and its copy in the owner's calendar. */
  const changed = () => {
    outbox?.poke();
    calendarSync?.poke();
  };
  const api = typed(app);
  const formKey = formTokenKey(app.tokens.key);
  const linkKey = manageKey(app.tokens.key);
  const passKey = bookingPassKey(app.tokens.key);
  const clientKeyOf = clientKeys(app.tokens.key);
  // E-mails about meetings go through the outbox, when there is one (SMTP_URL, NOTIFY_EMAIL).
  const emails = outbox ? { reminderHours: app.config.bookingReminderHours } : null;
  const siteHosts = [new URL(siteUrl).hostname];
  const manageUrl = (token: string) => `${siteUrl}/booking/${token}`;
  const iso = (at: number) => new Date(at).toISOString();

  /**
   * The free times of a range of the owner's days, given the meetings reaching into it (with
   * their buffers); `except` leaves out a meeting being moved.
   */
  async function freeTimes(
    settings: Availability,
    { from, to }: { from: string; to: string },
    now: Date,
    except?: string,
  ) {
    const margin = (settings.bufferMinutes + 24 * 60) * 60_000;
    const reach = {
      start: startOfDay(from, timeZone).getTime() - margin,
      end: startOfDay(addDays(to, 1), timeZone).getTime() + margin,
    };
    const [meetings, busy] = await Promise.all([
      bookedMeetings(db, {
        from: new Date(reach.start),
        to: new Date(reach.end),
        ...(except ? { except } : {}),
      }),
      busyTimes?.between(reach.start, reach.end, bookableWindow(settings, now), now.getTime()) ??
        [],
    ]);
    return freeSlots({ availability: settings, timeZone, from, to, now, meetings, busy });
  }

  /** All a visitor may book now, with margins for buffers: the calendar read worth keeping. */
  function bookableWindow(settings: Availability, now: Date) {
    const today = todayIn(timeZone, now);
    return {
      start: startOfDay(addDays(today, -2), timeZone).getTime(),
      end: startOfDay(addDays(today, settings.horizonDays + 2), timeZone).getTime(),
    };
  }

  /** Whether `start` is a free time under `settings`, and the owner's day it falls on. */
  async function offered(settings: Availability, start: number, now: Date, except?: string) {
    const day = wallClock(new Date(start), timeZone).date;
    const slots = await freeTimes(settings, { from: day, to: day }, now, except);
    return { day, slot: slots.find((slot) => slot.start === start) };
  }

  api.route({
    ...endpoints.bookingSlots,
    // The picker asks once per month shown; a client asking twice a second is scraping.
    config: limitPerWindow(slotsPerMinute, 60_000, { failOpen: true }),
    handler: async (request, reply) => {
      const now = clock();
      const settings = await loadAvailability(db);
      const range = slotsRange(request.query, {
        today: todayIn(timeZone, now),
        horizonDays: settings.horizonDays,
      });
      if ("error" in range) return reply.code(400).send({ message: range.error });
      const slots = await freeTimes(settings, range, now);
      return reply.send({
        timeZone,
        length: settings.meetingMinutes,
        slots: slots.map((slot) => ({
          start: iso(slot.start),
          end: iso(slot.end),
        })),
        location: settings.location && toPublicLocation(settings.location),
      });
    },
  });

  api.route({
    ...endpoints.book,
    // The contact form's room: a booking carries the same message.
    bodyLimit: contactBodyLimit,
    // The contact form's allowance, counted apart: ten in ten minutes per address.
    config: limitPerWindow(10, tenMinutes, { failOpen: true }),
    handler: async (request, reply) => {
      const now = clock();
      const body = request.body;
      const ownHosts = [...siteHosts, request.hostname];
      const { spam, token } = judgeSubmission(request, body, { formKey, now, ownHosts });
      const start = Date.parse(body.start);
      // Reads, so asked again as they are on a connection lost under them (bookCall retries
      // its own write the same way): a failover costs the visitor a moment, not a 503.
      const { settings, day, slot } = await retryLostConnection(async () => {
        const settings = await loadAvailability(db);
        return { settings, ...(await offered(settings, start, now)) };
      }, {});
      // The number to call, asked only when calls are by phone (docs/booking.md).
      const byPhone = settings.location?.type === "phone";
      const phone = byPhone ? body.phone || null : null;
      if (byPhone && !phone) return reply.code(400).send({ message: locationTexts.phoneRequired });
      // A bot is answered like a person, whatever time it asked for: it learns nothing.
      if (!slot && !spam) return reply.code(409).send({ message: bookingMessages.taken });
      const span = slot ?? { start, end: start + settings.meetingMinutes * 60_000 };
      const meetingId = uuidv7(now.getTime());
      const manage = manageTokenFor(linkKey, meetingId);
      const outcome = await bookCall(db, {
        meetingId,
        lead: {
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          message: body.message,
          sourcePage: sourcePageOf(body.sourcePage, request, ownHosts),
          entryPage: entryPageOf(body.entryPage, sourcePageOf(body.sourcePage, request, ownHosts)),
          source: leadSourceOf(visitOf(body, request), ownHosts),
          spam,
          formToken: token.kind === "fresh" ? token.claim : undefined,
        },
        join: body.bookingPass
          ? (readBookingPass(passKey, body.bookingPass, now)?.leadId ?? null)
          : null,
        span,
        day,
        bufferMinutes: settings.bufferMinutes,
        maxPerDay: settings.maxPerDay,
        visitorTimeZone: body.timeZone ?? null,
        location: { place: settings.location, phone },
        tokenHash: manage.hash,
        now,
        emails,
        client: { key: clientKeyOf(request.ip), capped: app.config.rateLimit },
      });
      if (outcome.kind === "taken") return reply.code(409).send({ message: bookingMessages.taken });
      if (outcome.kind === "capped")
        return reply
          .code(429)
          .header("Retry-After", String(outcome.retryAfterSeconds))
          .send({ message: outcome.message });
      if (outcome.kind === "spam")
        request.log.info({ reason: outcome.reason }, "booking: kept as spam");
      else changed();
      return reply.code(201).send({
        message: bookingMessages.booked,
        booking: {
          // A spam verdict gets a booking that looks real and leads nowhere.
          ID: meetingId,
          start: iso(span.start),
          end: iso(span.end),
          manageUrl: manageUrl(manage.token),
          location: settings.location,
          phone,
        },
      });
    },
  });

  const manageLimit = limitPerWindow(30, tenMinutes, { failOpen: true });

  api.route({
    ...endpoints.bookingPrefill,
    config: manageLimit,
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const pass = readBookingPass(passKey, request.body.pass, clock());
      // What the request that earned the pass typed; a pass sent to the lead's own address
      // has none, and reads them from its lead.
      const visitor = pass?.details ?? (pass ? await contactDetails(db, pass.leadId) : undefined);
      if (!visitor) return reply.code(404).send({ message: prefillTexts.expired });
      return reply.send(visitor);
    },
  });
  const managed = (meeting: Meeting, noticeHours: number) =>
    managedBookingOf(meeting, { noticeHours, ownerTimeZone: timeZone });
  /** The meeting behind a manage link, and whether it may still be changed online. */
  async function lookUp(token: string, now: Date) {
    const meeting = await findMeeting(db, { tokenHash: hashToken(token) });
    if (!meeting) return null;
    const settings = await loadAvailability(db);
    const tooLate = now.getTime() > Date.parse(meeting.start) - settings.noticeHours * 3_600_000;
    return { meeting, settings, tooLate };
  }

  api.route({
    ...endpoints.managedBooking,
    config: manageLimit,
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const found = await lookUp(request.params.token, clock());
      if (!found) return reply.code(404).send({ message: manageTexts.notFound });
      return reply.send(managed(found.meeting, found.settings.noticeHours));
    },
  });

  api.route({
    ...endpoints.bookingCalendar,
    config: manageLimit,
    handler: async (request, reply) => {
      const meeting = await findMeeting(db, { tokenHash: hashToken(request.params.token) });
      if (!meeting || meeting.status === "cancelled")
        return reply.code(404).send({ message: manageTexts.notFound });
      // No invite: a file to add, which asks nobody to answer it.
      const calendar = meetingCalendar(meeting, {
        host: new URL(siteUrl).hostname || "localhost",
        manageUrl: manageUrl(request.params.token),
        now: clock(),
      });
      return reply
        .header("Cache-Control", "no-store")
        .type("text/calendar; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="free-call.ics"')
        .send(calendar);
    },
  });

  api.route({
    ...endpoints.rescheduleBooking,
    config: manageLimit,
    handler: async (request, reply) => {
      const now = clock();
      const found = await lookUp(request.params.token, now);
      if (!found) return reply.code(404).send({ message: manageTexts.notFound });
      const { meeting, settings } = found;
      if (meeting.status === "cancelled")
        return reply.code(409).send({ message: manageTexts.cancelled });
      if (found.tooLate) return reply.code(409).send({ message: manageTexts.tooLate });
      const start = Date.parse(request.body.start);
      const { day, slot } = await offered(settings, start, now, meeting.id);
      if (!slot) return reply.code(409).send({ message: bookingMessages.taken });
      const moved = await moveMeeting(db, meeting.id, {
        span: slot,
        day,
        bufferMinutes: settings.bufferMinutes,
        maxPerDay: settings.maxPerDay,
        now,
        emails,
        actor: { id: null, email: meeting.visitor.email },
      });
      if (moved === "taken") return reply.code(409).send({ message: bookingMessages.taken });
      if (moved === "gone") return reply.code(409).send({ message: manageTexts.cancelled });
      changed();
      const after = { ...meeting, start: iso(slot.start), end: iso(slot.end) };
      return reply.send({
        message: manageTexts.moved,
        booking: managed(after, settings.noticeHours),
      });
    },
  });

  api.route({
    ...endpoints.cancelBooking,
    config: manageLimit,
    handler: async (request, reply) => {
      const now = clock();
      const found = await lookUp(request.params.token, now);
      if (!found) return reply.code(404).send({ message: manageTexts.notFound });
      const { meeting, settings } = found;
      // Cancelling again is answered as the first time: the visitor's aim holds.
      if (meeting.status === "booked") {
        if (found.tooLate) return reply.code(409).send({ message: manageTexts.tooLate });
        await cancelMeeting(db, meeting.id, {
          by: "visitor",
          now,
          emails,
          actor: { id: null, email: meeting.visitor.email },
        });
        changed();
      }
      return reply.send({
        message: manageTexts.cancelledNow,
        booking: managed({ ...meeting, status: "cancelled" }, settings.noticeHours),
      });
    },
  });
}

/** The owner's side: read and set the availability (registered in the admin scope). */
export async function availabilityRoutes(app: FastifyInstance) {
  const api = typed(app);
  api.route({
    ...endpoints.bookingAvailability,
    handler: async () => loadAvailability(app.db),
  });
  api.route({
    ...endpoints.saveAvailability,
    handler: async (request) => {
      await saveAvailability(app.db, request.body, app.clock());
      // The pages say the studio's hours, which are these.
      app.studioChanged();
      return { message: bookingTexts.saved, availability: request.body };
    },
  });
}

/** The owner's meetings: the list, and cancelling one (registered in the admin scope). */
export async function meetingsRoutes(app: FastifyInstance) {
  const { db, clock, outbox, calendarSync } = app;
  const { timeZone } = app.config;
  const api = typed(app);
  const emails = outbox ? { reminderHours: app.config.bookingReminderHours } : null;
  const listMeetings = async (filter: Parameters<typeof findMeetings>[1]) =>
    (await findMeetings(db, filter)).map(meetingRecordOf);

  api.route({
    ...endpoints.meetings,
    handler: async (request, reply) => {
      const { lead, ...days } = request.query;
      if (lead) return reply.send(await listMeetings({ leadId: lead.toLowerCase() }));
      const today = todayIn(timeZone, clock());
      const range = slotsRange(days, { today, horizonDays: upcomingDays });
      if ("error" in range) return reply.code(400).send({ message: range.error });
      return reply.send(
        await listMeetings({
          from: startOfDay(range.from, timeZone),
          to: startOfDay(addDays(range.to, 1), timeZone),
        }),
      );
    },
  });

  api.route({
    ...endpoints.cancelMeeting,
    handler: async (request, reply) => {
      const { id } = request.params;
      const meeting = await findMeeting(db, { id });
      if (!meeting) return reply.code(404).send({ message: meetingsTexts.notFound });
      const cancelled = await cancelMeeting(db, id, {
        by: "owner",
        now: clock(),
        emails,
        actor: actorOf(request),
      });
      if (!cancelled) return reply.code(409).send({ message: meetingsTexts.alreadyCancelled });
      outbox?.poke();
      calendarSync?.poke();
      return reply.send({
        message: meetingsTexts.cancelled,
        meeting: meetingRecordOf({ ...meeting, status: "cancelled", cancelledBy: "owner" }),
      });
    },
  });
}
