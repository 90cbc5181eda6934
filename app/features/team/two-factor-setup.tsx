import { useId, useState } from "react";
import { encode } from "uqr";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { compactFieldClass, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";
import { RecoveryCodes } from "./recovery-codes.tsx";

type Step =
  | { kind: "idle" }
  | { kind: "scan"; secret: string; otpauthUrl: string }
  | { kind: "codes"; recoveryCodes: string[] };

/** The otpauth URI as a QR code, drawn as SVG squares (no script, no inline style: the CSP holds). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-[12.5rem] rounded-sm bg-white"
      shapeRendering="crispEdges"
    >
      <path d={cells.join("")} fill="#0e1116" />
    </svg>
  );
}

/**
 * Two-factor sign-in for the signed-in person (docs/team.md): set up with a QR code or the
 * secret typed in, confirmed with a code, the ten recovery codes shown once; turned off with a
 * code. Every step is said in the live region; focus moves to each new step's field.
 */
export function TwoFactorSetup({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function start() {
    setBusy(true);
    const result = await authPost(endpoints.startTotp);
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    setStatus(null);
    setStep({ kind: "scan", ...result.data });
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await authPost(endpoints.confirmTotp, { code });
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    setCode("");
    setStep({ kind: "codes", recoveryCodes: result.data.recoveryCodes });
    setStatus({ kind: "success", text: "Two-factor sign-in is on." });
    onChange(true);
  }

  async function turnOff(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await authPost(endpoints.disableTotp, { code });
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    setCode("");
    setStatus({ kind: "success", text: result.data.message });
    onChange(false);
  }

  const codeField = (label: string) => (
    <div>
      <label htmlFor={`${id}-code`} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={`${id}-code`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
        // biome-ignore lint/a11y/noAutofocus: the field is the step just opened, asked for next.
        autoFocus
        className={compactFieldClass}
      />
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 max-w-3xl">
      <h2 id={`${id}-title`} className={adminSectionTitleClass}>
        Two-factor sign-in
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        {on
          ? "Codes from an app are on: signing in asks for a code from your authenticator app after your password."
          : "Codes from an app are off. With them on, signing in asks for a code from an authenticator app (1Password, Google Authenticator, …) after your password. A passkey, below, is the other way."}
      </p>
      <FormStatus id={`${id}-status`} className="mt-1" message={status} />
      {step.kind === "scan" ? (
        <form onSubmit={confirm} aria-describedby={`${id}-status`} className="mt-1.5 grid gap-1.5">
          <p>Scan this with your authenticator app, or type the secret into it.</p>
          <div className="flex flex-wrap items-start gap-2">
            <QrCode text={step.otpauthUrl} label="QR code of your two-factor secret" />
            <div className="min-w-0">
              <p className="text-sm font-semibold">Secret</p>
              <p className="font-mono text-sm break-all">{step.secret}</p>
            </div>
          </div>
          {codeField("The 6-digit code the app shows")}
          <div className="flex flex-wrap gap-1">
            <button type="submit" aria-disabled={busy} className={buttonClass("primary", "sm")}>
              {busy ? "Checking…" : "Turn on"}
            </button>
            <button
              type="button"
              onClick={() => setStep({ kind: "idle" })}
              className={buttonClass("secondary", "sm")}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : step.kind === "codes" ? (
        <RecoveryCodes
          codes={step.recoveryCodes}
          lost="your phone is lost"
          onKept={() => setStep({ kind: "idle" })}
        />
      ) : on ? (
        <form
          onSubmit={turnOff}
          aria-describedby={`${id}-status`}
          className="mt-1.5 grid max-w-sm gap-1.5"
        >
          {codeField("A current code or a recovery code")}
          <button
            type="submit"
            aria-disabled={busy}
            className={`justify-self-start ${buttonClass("secondary", "sm")}`}
          >
            {busy ? "Checking…" : "Turn off"}
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={start}
          aria-disabled={busy}
          className={`mt-1.5 ${buttonClass("primary", "sm")}`}
        >
          {busy ? "Preparing…" : "Set up two-factor sign-in"}
        </button>
      )}
    </section>
  );
}
