/**
 * `npm run create-admin -- --email E --password P`: creates that account as an admin (the
 * team's owner role, docs/product.md "Roles"), or resets an existing owner's password. An account that signed itself up is promoted only with
 * `--promote-existing`: sign-up is open, so whoever registered the address first would
 * otherwise be handed admin. Either change ends every session the account had.
 *
 * Without `--password` the password is read from standard input (its first line), or asked
 * for twice in a terminal, so it need not sit in shell history or npm's echo of the command.
 */
import { parseArgs } from "node:util";
import { authTexts, validateSignup } from "../../domain/auth.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { createUser, findUserByEmail, makeOwner } from "../auth/users.repository.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { connectDatabase, type Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { askHidden, Interrupted, readFirstLine } from "./terminal-input.ts";

const usage = [
  "usage: npm run create-admin -- --email you@example.com [--password '8 to 60 characters'] [--promote-existing] [--first-name N --last-name N]",
  "  Without --password, the password is read from standard input (one line) or asked for in a terminal.",
  "  Use `npm run --silent` so npm does not echo the command line.",
].join("\n");

/** A usage problem: said with the usage, exit 2. */
class UsageError extends Error {}
/** A request refused for the account's sake: said in one line, exit 1. */
class Refused extends Error {}

/**
 * The password: --password, else standard input's first line, else asked for twice. Nothing
 * is read or asked without an e-mail: that is a usage error to report first, and a pipe left
 * open would otherwise keep the command waiting.
 */
async function passwordFrom(given: string | undefined, haveEmail: boolean): Promise<string> {
  if (given !== undefined) return given;
  if (!haveEmail) return "";
  if (!process.stdin.isTTY) return readFirstLine(process.stdin);
  const first = await askHidden("Password (8 to 60 characters): ");
  const again = await askHidden("The same password again: ");
  if (first !== again) throw new Refused("the two passwords differ; nothing was changed.");
  return first;
}

/** "2026-11-20 14:03 UTC" */
const shownTime = (value: Date | string) => `${toIso(value).slice(0, 16).replace("T", " ")} UTC`;

type Account = { email: string; password: string; firstName: string; lastName: string };

/** Creates the admin, or makes the existing account one; returns the line to print. */
async function createOrUpdateAdmin(
  db: Db,
  account: Account,
  { promoteExisting }: { promoteExisting: boolean },
): Promise<string> {
  const passwordHash = await hashPassword(account.password);
  const created = (await findUserByEmail(db, account.email))
    ? null
    : await createUser(db, { ...account, passwordHash, role: "owner" });
  if (created) return `create-admin: created admin ${created.email}.`;
  // It existed, or another run (a second deploy step, a parallel script) created it a moment ago.
  const existing = await findUserByEmail(db, account.email);
  if (!existing) throw new Error(authTexts.emailTaken);
  if (existing.role !== "owner" && !promoteExisting)
    throw new Refused(
      `${existing.email} already has an account that is not an owner, signed up on ${shownTime(existing.created_at)}. ` +
        "If it is yours, run again with --promote-existing (its password is replaced and every session it has ends); if not, use another address.",
    );
  // Run again as it was (a deploy step, a script): nothing changes, no session ends.
  if (existing.role === "owner" && (await verifyPassword(account.password, existing.password_hash)))
    return `create-admin: ${existing.email} is already an admin with that password.`;
  await makeOwner(db, existing.id, passwordHash);
  return `create-admin: ${existing.email} ${existing.role === "owner" ? "is an admin" : "is now an admin"}; its password is replaced and every session it had is ended.`;
}

try {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "promote-existing": { type: "boolean", default: false },
      "first-name": { type: "string", default: "Studio" },
      "last-name": { type: "string", default: "Admin" },
    },
  });
  const password = await passwordFrom(values.password, Boolean(values.email));
  // Name what is missing before judging what was given: a missing --password is not a
  // password of the wrong length.
  const missing = [!values.email && "--email", !password && "--password"].filter(Boolean);
  if (missing.length > 0) {
    throw new UsageError(`${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing.`);
  }
  const checked = validateSignup({
    email: values.email,
    password,
    first_name: values["first-name"],
    last_name: values["last-name"],
  });
  if (!checked.ok) throw new UsageError(checked.message);
  const config = loadConfig(process.env);
  const database = await connectDatabase(config);
  try {
    const { email, first_name: firstName, last_name: lastName } = checked.value;
    const line = await createOrUpdateAdmin(
      database.db,
      { email, password: checked.value.password, firstName, lastName },
      { promoteExisting: values["promote-existing"] },
    );
    console.log(line);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`create-admin: ${error.message}\n${usage}`);
    process.exit(2);
  }
  if (error instanceof Refused || error instanceof Interrupted) {
    console.error(`create-admin: ${error.message}`);
    // 130: stopped by Ctrl-C, as a shell reports it.
    process.exit(error instanceof Interrupted ? 130 : 1);
  }
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`config: ${problem}`);
  } else {
    console.error(`create-admin: ${(error as Error).message}\n${usage}`);
  }
  process.exit(1);
}
