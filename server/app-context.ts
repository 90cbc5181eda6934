import type { Redis } from "ioredis";
import type { TokenSettings } from "./auth/tokens.ts";
import type { BackgroundJobs } from "./background-jobs.ts";
import type { BusyTimesReader } from "./booking/owner-calendar.ts";
import type { Config } from "./config.ts";
import type { ContentChange, LiveTransitionHook } from "./content/content.repository.ts";
import type { Db } from "./db/connect.ts";
import type { EventCatalog } from "./events/event-catalog.ts";
import type { AfterAnswer } from "./http/after-answer.ts";
import type { Metrics } from "./metrics.ts";
import type { LiveSite } from "./site/live-site.ts";

/*
 * What buildApp (server/app.ts) decorates the app with, once, for every route plugin to read
 * from `app` instead of importing it.
 */
declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Redis (REDIS_URL), or null. */
    redis: Redis | null;
    /** The clock every part reads (tests move it). */
    clock: () => Date;
    metrics: Metrics;
    tokens: TokenSettings;
    outbox: BackgroundJobs["outbox"];
    /** Sends webhook deliveries (poke it after a write that queued some). */
    webhookWorker: BackgroundJobs["webhookWorker"];
    /** Work started once an answer is sent (http/after-answer.ts). */
    afterAnswer: AfterAnswer;
    digest: BackgroundJobs["digest"];
    /** Writes meetings to the owner's calendar (CALDAV_URL), or null. */
    calendarSync: BackgroundJobs["calendarSync"];
    /** The owner's busy times from his calendar (CALDAV_URL), or null. */
    busyTimes: BusyTimesReader | null;
    spamPurge: BackgroundJobs["spamPurge"];
    /** The events that take registrations (ADR 026). */
    events: EventCatalog;
    diskErasure: BackgroundJobs["diskErasure"];
    /** The pages rendered since the build and their publisher, or null without a renderer. */
    liveSite: LiveSite | null;
    /**
     * Told of every change to the live site's content (a publish, an unpublish, a published
     * entry deleted, a scheduled publish), after its commit and before the answer: the
     * renderer re-renders the pages that depend on it. By default it does nothing.
     */
    contentChanged: (change: ContentChange) => Promise<void>;
    /**
     * The site settings or the availability (the studio's hours) were saved: every page is
     * rendered again with them, in the background (docs/site.md, "Site settings").
     */
    studioChanged: () => void;
    /**
     * Told of every change to an entry's live snapshot inside the transaction that makes it:
     * an event's registrants are told of a new time or place, or of its cancellation
     * (docs/decisions/034).
     */
    liveTransition: LiveTransitionHook;
    contentSchedule: BackgroundJobs["contentSchedule"];
  }
}
