/** The studio's people; names match the authors in content/. */
export type TeamMember = {
  readonly name: string;
  readonly role: string;
  readonly bio: string;
  /** Their illustrated portrait (app/components/portrait.tsx). */
  readonly portrait: "nora" | "theo" | "priya" | "sam";
};

export const team: readonly TeamMember[] = [
  {
    name: "Nora Whitfield",
    role: "Founder · design & strategy",
    portrait: "nora",
    bio: "Fifteen years designing for brands large and small before she started Fineline to work with the businesses on her own street. Runs every discovery call herself.",
  },
  {
    name: "Theo Marchetti",
    role: "Lead engineer",
    portrait: "theo",
    bio: "Builds the sites, the tools behind them and Caliban, our audit crawler. Believes a page that takes three seconds to load is a page that is broken.",
  },
  {
    name: "Priya Raman",
    role: "SEO & content lead",
    portrait: "priya",
    bio: "Turns what customers search for into pages that answer them. Wrote our introduction to WordPress, and writes the monthly reports clients actually read.",
  },
  {
    name: "Sam Okafor",
    role: "E-commerce & hosting",
    portrait: "sam",
    bio: "Keeps the shops selling and the servers quiet: payments, stock, backups and the 2:00 AM alerts nobody else ever has to see.",
  },
];
