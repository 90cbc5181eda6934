import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { useAdminSettings } from "../../components/admin/admin-settings.tsx";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import {
  AdminPage,
  AdminPageHeader,
  adminSectionTitleClass,
} from "../../components/admin/page-header.tsx";
import { useMayCall } from "../../components/admin/team-role.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { AvailabilityForm } from "../../features/booking/availability-form.tsx";
import { MailStatus } from "../../features/conversation/mail-status.tsx";
import { MailboxReport } from "../../features/conversation/mailbox-report.tsx";
import { TemplatesSettings } from "../../features/conversation/templates-settings.tsx";
import { WebhooksSettings } from "../../features/webhooks/webhooks-settings.tsx";
import { privateMeta } from "../../seo.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/settings";

export const meta = () => privateMeta("Settings");

/**
 * The availability, the reply templates and the mailbox's state as saved; the layout's guard
 * ran first.
 */
export async function clientLoader() {
  const [result, templates, mailbox, webhooks] = await Promise.all([
    authGet(endpoints.bookingAvailability),
    authGet(endpoints.templates),
    authGet(endpoints.mailbox),
    authGet(endpoints.webhooks),
  ]);
  return {
    ...(result.ok
      ? { availability: result.data, error: null }
      : { availability: null, error: result.error ?? leadTexts.failed }),
    templates: templates.ok ? templates.data : null,
    templatesError: templates.ok ? null : (templates.error ?? leadTexts.failed),
    mailbox: mailbox.ok ? mailbox.data : null,
    mailboxError: mailbox.ok ? null : (mailbox.error ?? leadTexts.failed),
    webhooks: webhooks.ok ? webhooks.data.webhooks : null,
    webhooksError: webhooks.ok ? null : (webhooks.error ?? leadTexts.failed),
  };
}

/**
 * The owner's settings (/admin/settings): when visitors may book a call, the reply templates,
 * how mail and the calendar are set up, how the mailbox is read, and the webhooks.
 */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const clock = useOwnerClock();
  const settings = useAdminSettings();
  const mayManageWebhooks = useMayCall("webhooks");
  return (
    <AdminPage>
      <AdminPageHeader title="Settings" />
      <section aria-labelledby="availability-heading" className="mt-1 max-w-4xl">
        <h2 id="availability-heading" className={adminSectionTitleClass}>
          Availability
        </h2>
        <p className="mt-0.5 text-sm text-muted">
          When visitors may book a free call. Every server offers the same times; calls already
          booked stay booked when you change these.
        </p>
        {loaderData.availability ? (
          <AvailabilityForm initial={loaderData.availability} timeZone={clock.timeZone} />
        ) : (
          <div className="mt-2">
            <FormMessage kind="error">{loaderData.error}</FormMessage>
          </div>
        )}
      </section>
      <section aria-labelledby="templates-heading" className="mt-5 max-w-6xl">
        <h2 id="templates-heading" className={adminSectionTitleClass}>
          Reply templates
        </h2>
        <p className="mt-0.5 max-w-3xl text-sm text-muted">
          Starting points for the messages you write from a lead. The placeholders are filled in for
          each visitor when you send.
        </p>
        {loaderData.templates ? (
          <TemplatesSettings initial={loaderData.templates} />
        ) : (
          <div className="mt-2">
            <FormMessage kind="error">{loaderData.templatesError}</FormMessage>
          </div>
        )}
      </section>
      <section aria-labelledby="mail-heading" className="mt-5 max-w-6xl">
        <h2 id="mail-heading" className={adminSectionTitleClass}>
          Mail and calendar
        </h2>
        <p className="mt-0.5 max-w-3xl text-sm text-muted">
          Set on the server, in its environment; see the operations guide for each variable.
        </p>
        <MailStatus settings={settings} />
      </section>
      <section aria-labelledby="mailbox-heading" className="mt-5 max-w-6xl">
        <h2 id="mailbox-heading" className={adminSectionTitleClass}>
          Mailbox
        </h2>
        <p className="mt-0.5 max-w-3xl text-sm text-muted">
          Replies are read from your mailbox and added to their leads. A message that can't be read,
          or that claims to be from a lead but failed its mail server's sender checks, is set aside
          here instead; it stays in your mailbox.
        </p>
        {loaderData.mailbox ? (
          <MailboxReport report={loaderData.mailbox} timeZone={clock.timeZone} />
        ) : (
          <div className="mt-2">
            <FormMessage kind="error">{loaderData.mailboxError}</FormMessage>
          </div>
        )}
      </section>
      {mayManageWebhooks ? (
        <section aria-labelledby="webhooks-heading" className="mt-5 max-w-6xl">
          <h2 id="webhooks-heading" className={adminSectionTitleClass}>
            Webhooks
          </h2>
          <p className="mt-0.5 max-w-3xl text-sm text-muted">
            Tell Slack, n8n, Zapier or your own code when a lead comes in or changes, a call is
            booked or a visitor replies. Each request is signed; see the integrations guide.
          </p>
          {loaderData.webhooks ? (
            <WebhooksSettings initial={loaderData.webhooks} timeZone={clock.timeZone} />
          ) : (
            <div className="mt-2">
              <FormMessage kind="error">{loaderData.webhooksError}</FormMessage>
            </div>
          )}
        </section>
      ) : null}
    </AdminPage>
  );
}
