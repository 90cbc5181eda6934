/**
 * Leads erased whose removal from disk waits for another program to let go of the database
 * file (docs/security.md): the owner is told why, and that it finishes by itself.
 */
export function ErasuresPending({ count }: { count: number }) {
  return (
    <p
      role="status"
      className="mt-4 max-w-2xl rounded-sm border border-line bg-white/60 p-2 font-semibold"
    >
      {count === 1
        ? "1 lead erased; removal from disk pending."
        : `${count.toLocaleString("en-US")} leads erased; removal from disk pending.`}{" "}
      <span className="font-normal text-muted">
        Another program is reading the database file (a backup, most likely). The erased data leaves
        the disk by itself as soon as it lets go.
      </span>
    </p>
  );
}
