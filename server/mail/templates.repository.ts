import type { Selectable } from "kysely";
import type { MessageTemplate, TemplateBody } from "../../domain/conversation.ts";
import type { Db } from "../db/connect.ts";
import { type MessageTemplatesTable, toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/** All SQL for the owner's reply templates. */

const templateOf = (row: Selectable<MessageTemplatesTable>): MessageTemplate => ({
  ID: row.id,
  name: row.name,
  subject: row.subject,
  text: row.body,
  CreatedAt: toIso(row.created_at),
  UpdatedAt: toIso(row.updated_at),
});

/** Every template, by name. */
export async function listTemplates(db: Db): Promise<MessageTemplate[]> {
  const rows = await db
    .selectFrom("message_templates")
    .selectAll()
    .orderBy("name")
    .orderBy("id")
    .limit(200)
    .execute();
  return rows.map(templateOf);
}

export async function createTemplate(
  db: Db,
  body: TemplateBody,
  now: Date,
): Promise<MessageTemplate> {
  const at = now.toISOString();
  const row = {
    id: uuidv7(now.getTime()),
    name: body.name,
    subject: body.subject,
    body: body.text,
    created_at: at,
    updated_at: at,
  };
  await db.insertInto("message_templates").values(row).execute();
  return templateOf(row);
}

/** Undefined when there is no such template. */
export async function updateTemplate(
  db: Db,
  id: string,
  body: TemplateBody,
  now: Date,
): Promise<MessageTemplate | undefined> {
  const row = await db
    .updateTable("message_templates")
    .set({ name: body.name, subject: body.subject, body: body.text, updated_at: now.toISOString() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && templateOf(row);
}

export async function deleteTemplate(db: Db, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom("message_templates").where("id", "=", id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
