import { endpoints } from "../../../domain/endpoints.ts";
import { authGet } from "../../session/api.ts";

/**
 * How many people are registered for the event live at `url` ("/events/{slug}") and would be
 * told it is canceled if it left the site now (docs/decisions/034): 0 for a past event or one
 * without registrations, null when the server could not say. The content studio asks before
 * it unpublishes or deletes an event.
 */
export async function registrantsToTell(url: string | null): Promise<number | null> {
  const slug = url?.match(/^\/events\/([^/]+)$/)?.[1];
  if (!slug) return 0;
  const answer = await authGet(endpoints.eventRegistrations, { params: { slug } });
  if (!answer.ok) return answer.status === 404 ? 0 : null;
  return answer.data.event.upcoming ? answer.data.event.registrations : 0;
}
