import { Link } from "react-router";
import { buttonClass, Container, Eyebrow } from "./layout.tsx";

/**
 * The frame of the account screens (log in, sign up, log out, access denied): a short
 * statement on one side, the task on a card on the other; stacked on phones.
 */
export function AuthScreen({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children: React.ReactNode;
}) {
  return (
    <Container className="grid min-h-[80vh] content-start gap-5 pt-14 pb-10 md:grid-cols-[1fr_minmax(0,30rem)] md:items-start md:gap-8 md:pt-20 lg:gap-12">
      <div className="md:pt-3">
        <Eyebrow>{eyebrow}</Eyebrow>
        <h1 className="mt-2 text-title font-bold">{title}</h1>
        <p className="mt-2 max-w-md text-lg text-muted">{lead}</p>
      </div>
      <div className="rounded-sm border border-line bg-white/60 p-3 shadow-[0_1px_0_rgb(14_17_22/0.04),0_12px_32px_-16px_rgb(14_17_22/0.18)] sm:p-4">
        {children}
      </div>
    </Container>
  );
}

/** Next steps after a task is done: plain links styled as buttons. */
export function NextSteps({ links }: { links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <div className="mt-3 flex flex-wrap gap-1.5">
      {links.map((link, i) => (
        <Link key={link.to} to={link.to} className={buttonClass(i === 0 ? "primary" : "secondary")}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
