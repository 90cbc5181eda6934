/**
 * `npm run create-admin -- --email E --password P`: creates that account as an admin, or
 * promotes an existing one (and sets the given password). Non-interactive; exits 0 on success.
 */
import { parseArgs } from "node:util";
import { authTexts, validateSignup } from "../../domain/auth.ts";
import { hashPassword } from "../auth/password.ts";
import { createUser, findUserByEmail, setRole } from "../auth/users.repository.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { connectDatabase } from "../db/connect.ts";

const usage =
  "usage: npm run create-admin -- --email you@example.com --password 'at least 8 characters' [--first-name N --last-name N]";

try {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string", default: "Studio" },
      "last-name": { type: "string", default: "Admin" },
    },
  });
  // Name what is missing before judging what was given: a missing --password is not a
  // password of the wrong length.
  const missing = (["email", "password"] as const).filter((name) => !values[name]);
  if (missing.length > 0) {
    const named = missing.map((name) => `--${name}`).join(" and ");
    console.error(`create-admin: ${named} ${missing.length > 1 ? "are" : "is"} missing.\n${usage}`);
    process.exit(2);
  }
  const checked = validateSignup({
    email: values.email,
    password: values.password,
    first_name: values["first-name"],
    last_name: values["last-name"],
  });
  if (!checked.ok) {
    console.error(`create-admin: ${checked.message}\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const database = await connectDatabase(config);
  try {
    const passwordHash = await hashPassword(checked.value.password);
    const created = (await findUserByEmail(database.db, checked.value.email))
      ? null
      : await createUser(database.db, {
          email: checked.value.email,
          firstName: checked.value.first_name,
          lastName: checked.value.last_name,
          passwordHash,
          role: "admin",
        });
    if (created) console.log(`create-admin: created admin ${created.email}.`);
    else {
      // It existed, or another run (a second deploy step, a parallel script) created it a
      // moment ago: promote it either way.
      const existing = await findUserByEmail(database.db, checked.value.email);
      if (!existing) throw new Error(authTexts.emailTaken);
      await setRole(database.db, existing.id, "admin", passwordHash);
      console.log(`create-admin: ${existing.email} is now an admin (password updated).`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`config: ${problem}`);
  } else {
    console.error(`create-admin: ${(error as Error).message}\n${usage}`);
  }
  process.exit(1);
}
