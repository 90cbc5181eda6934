import { buttonClass } from "../../components/layout.tsx";

/**
 * Ten recovery codes, shown the one time the server answers them (docs/team.md, "Two-factor
 * sign-in"): each finishes one login in place of the second factor that was `lost`.
 */
export function RecoveryCodes({
  codes,
  lost,
  onKept,
}: {
  codes: readonly string[];
  /** What they stand in for: "your phone is lost". */
  lost: string;
  onKept: () => void;
}) {
  return (
    <div className="mt-1.5 rounded-sm border border-line bg-white/70 p-2">
      <p className="font-semibold">Your recovery codes, shown this once</p>
      <p className="mt-0.5 text-sm text-muted">
        Keep them somewhere safe (a password manager). Each signs you in once if {lost}.
      </p>
      <ul className="mt-1 grid grid-cols-2 gap-x-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((recovery) => (
          <li key={recovery}>{recovery}</li>
        ))}
      </ul>
      <button type="button" onClick={onKept} className={`mt-1.5 ${buttonClass("secondary", "sm")}`}>
        I have kept them
      </button>
    </div>
  );
}
