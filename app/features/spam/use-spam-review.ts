import { useEffect, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { type SpamLead, spamTexts } from "../../../domain/spam.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import { loadPage, type PagedList, useLoadMore } from "../../components/admin/paged-list.ts";
import { useFocusNext } from "../../components/admin/use-focus-next.ts";
import { authPost } from "../../session/api.ts";
import { notSpamButtonId } from "./spam-item.tsx";

/** The first page of the spam kept for review, newest first. */
export const loadSpam = () => loadPage(endpoints.spamLeads);

/**
 * The spam review's state: the list as the loader read it and as it pages on, what happened
 * last (said in the live region), each submission's error, and the one being sent back.
 */
export function useSpamReview(loaded: PagedList<SpamLead>) {
  const [page, setPage] = useState<PagedList<SpamLead>>(loaded);
  const [notice, setNotice] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const focusNext = useFocusNext();
  const loadMore = useLoadMore((url) => loadPage(endpoints.spamLeads, { url }), setPage);

  useEffect(() => setPage(loaded), [loaded]);

  /** Off the list; focus to the next one (or the heading), and say what happened. */
  function remove(id: string, text: string) {
    const at = page.leads.findIndex((lead) => lead.ID === id);
    const next = page.leads[at + 1] ?? page.leads[at - 1];
    setPage((current) => ({ ...current, leads: current.leads.filter((lead) => lead.ID !== id) }));
    setNotice(text);
    focusNext([next ? notSpamButtonId(next.ID) : "spam-heading"]);
  }

  async function notSpam(lead: SpamLead) {
    setBusy(lead.ID);
    setErrors(({ [lead.ID]: _, ...rest }) => rest);
    const result = await authPost(endpoints.notSpam, {}, { params: { id: lead.ID } });
    setBusy(null);
    if (result.ok) remove(lead.ID, `${fullName(lead)} is in New Leads now. ${spamTexts.notSpam}`);
    else if (result.status === 404) remove(lead.ID, `${fullName(lead)} is no longer here.`);
    else setErrors((all) => ({ ...all, [lead.ID]: result.error ?? leadTexts.failed }));
  }

  /** Erased from its row: off the list, said with whether the disk still holds it. */
  function erased(lead: SpamLead, { diskPending }: { diskPending: boolean }) {
    remove(
      lead.ID,
      `${fullName(lead) || lead.Email}'s submission was erased${diskPending ? "; removal from disk pending" : ""}.`,
    );
  }

  return {
    page,
    notice,
    errors,
    busy,
    notSpam,
    erased,
    loadMore: () => loadMore(page),
  };
}
