import { useEffect, useState } from "react";
import type { MessageTemplate } from "../../../domain/conversation.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { authGet } from "../../session/api.ts";

/** The owner's reply templates, asked for once per page (the composer of each lead shares them). */
let cached: Promise<MessageTemplate[]> | null = null;

export function forgetTemplates() {
  cached = null;
}

export function useTemplates(): MessageTemplate[] {
  const [templates, setTemplates] = useState<MessageTemplate[]>([]);
  useEffect(() => {
    let live = true;
    cached ??= authGet(endpoints.templates).then((result) => (result.ok ? result.data : []));
    void cached.then((list) => {
      if (live) setTemplates(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return templates;
}
