/** A lead whose visitor wrote back, unread: said first in its row, in words and a mark. */
export function NewReplyBadge() {
  return (
    <span
      className="inline-flex items-center gap-0.5 rounded-sm border border-accent-strong bg-[#fff1e8] px-0.5 py-px text-sm font-semibold text-accent-strong"
      data-new-reply
    >
      <svg aria-hidden="true" viewBox="0 0 12 12" className="size-1.5 shrink-0">
        <path
          d="M1.5 3h9v6h-9Z M1.5 3 6 6.5 10.5 3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
      </svg>
      New reply
    </span>
  );
}
