import { Link } from "react-router";
import type { LeadStats } from "../../../domain/lead-stats.ts";
import { duration } from "../../components/admin/format.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { Arrow } from "../../components/layout.tsx";

/**
 * Speed to lead: how soon leads hear back. The median and the 90th percentile of the time
 * from arrival to the first change away from UNREAD, over the last 30 days, and the leads
 * still waiting after a day.
 */
export function SpeedToLead({
  firstReply,
  waitingOver24h,
}: {
  firstReply: NonNullable<LeadStats["firstReply"]>;
  waitingOver24h: number;
}) {
  const figures = [
    {
      label: "Median time to first reply",
      value: firstReply.medianMinutes === null ? "–" : duration(firstReply.medianMinutes),
    },
    {
      label: "9 in 10 answered within",
      value: firstReply.p90Minutes === null ? "–" : duration(firstReply.p90Minutes),
    },
    {
      label: "New leads waiting over 24 hours",
      value: waitingOver24h.toLocaleString("en-US"),
    },
  ];
  return (
    <section
      aria-labelledby="speed-heading"
      className="rounded-sm border border-line bg-white/60 p-2 sm:p-3"
    >
      <h2 id="speed-heading" className={adminSectionTitleClass}>
        Speed to lead
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        {firstReply.leads
          ? `Time from a lead's arrival to its first reply, over the last ${firstReply.days} days: ${firstReply.leads.toLocaleString("en-US")}${
              firstReply.arrived === undefined
                ? ""
                : ` of ${firstReply.arrived.toLocaleString("en-US")}`
            } leads answered so far.`
          : `No lead of the last ${firstReply.days} days has had a reply yet.`}
      </p>
      <dl className="mt-2 grid gap-2 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse gap-0.5">
            <dt className="text-sm font-semibold">{figure.label}</dt>
            <dd className="text-2xl font-bold tracking-tight">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {waitingOver24h > 0 ? (
        <Link
          to="/admin/leads"
          className="group mt-2 inline-flex items-center gap-1 font-semibold text-accent-strong"
        >
          Answer the ones waiting
          <Arrow className="size-2 transition-transform group-hover:translate-x-0.5" />
        </Link>
      ) : null}
    </section>
  );
}
