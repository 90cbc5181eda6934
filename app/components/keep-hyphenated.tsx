/**
 * Text whose hyphenated words never break at their hyphen ("Small-business" stays whole): the
 * browser would otherwise end a large heading's line with "Small-". Each such word is kept on
 * one line; the spaces around it still wrap.
 */
export function KeepHyphenated({ text }: { text: string }) {
  // Odd parts are the hyphenated words (the split's capture group).
  const parts = text.split(/(\S*\p{L}[-‐]\p{L}\S*)/u);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
          <span key={index} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
