/**
 * Mail that programs write, one way each: out-of-office answers, autoresponders, lists and
 * newsletters, bounces. None of it is a visitor's reply (docs/conversations.md, "How
 * threading works"); the unit and the mailbox suites check every one.
 */
export const automaticMail: ReadonlyArray<{ name: string; from?: string; headers: string[] }> = [
  { name: "Precedence: bulk", headers: ["Precedence: bulk"] },
  { name: "Precedence: list", headers: ["Precedence: list"] },
  { name: "Precedence: junk", headers: ["Precedence: junk"] },
  { name: "Precedence: auto_reply", headers: ["Precedence: auto_reply"] },
  { name: "X-Autorespond", headers: ["X-Autorespond: Out of office"] },
  { name: "X-Autoreply", headers: ["X-Autoreply: yes"] },
  { name: "X-Auto-Response-Suppress: All", headers: ["X-Auto-Response-Suppress: All"] },
  {
    name: "X-Auto-Response-Suppress: OOF",
    headers: ["X-Auto-Response-Suppress: DR, OOF, AutoReply"],
  },
  { name: "List-Id", headers: ["List-Id: Cafe news <news.cafe.example>"] },
  { name: "List-Unsubscribe", headers: ["List-Unsubscribe: <mailto:leave@cafe.example>"] },
  { name: "Auto-Submitted: auto-replied", headers: ["Auto-Submitted: auto-replied (vacation)"] },
  { name: "MAILER-DAEMON without X-Mailer", from: "MAILER-DAEMON@cafe.example", headers: [] },
  { name: "Return-Path: <>", headers: ["Return-Path: <>"] },
];

/** Written by a person, though some of these headers look alike: each is a reply. */
export const personalMail: ReadonlyArray<{ name: string; headers: string[] }> = [
  { name: "no such header", headers: [] },
  { name: "Auto-Submitted: no", headers: ["Auto-Submitted: no"] },
  { name: "Precedence: first-class", headers: ["Precedence: first-class"] },
  { name: "X-Auto-Response-Suppress: DR, RN", headers: ["X-Auto-Response-Suppress: DR, RN"] },
  { name: "a Return-Path", headers: ["Return-Path: <ana@cafe.example>"] },
];
