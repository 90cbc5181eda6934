import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { markdown } from "@codemirror/lang-markdown";
import { Compartment, EditorSelection, EditorState } from "@codemirror/state";
import { EditorView, keymap, placeholder } from "@codemirror/view";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { prefixLines, wrapSelection } from "./markdown-edits.ts";
import { MediaPicker } from "./media-picker.tsx";

/**
 * The Markdown body, in CodeMirror 6 (design.md: editors are years of edge cases). Only the
 * editor route imports this module, so CodeMirror stays in the admin's lazy chunk. The
 * toolbar's buttons edit through CodeMirror transactions, so undo covers them.
 */
function contentAttributes(
  id: string,
  labelId: string,
  describedBy: string | undefined,
  invalid: boolean | undefined,
) {
  return EditorView.contentAttributes.of({
    id,
    "aria-labelledby": labelId,
    "aria-multiline": "true",
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": "true" } : {}),
  });
}

export function MarkdownEditor({
  id,
  value,
  onChange,
  labelId,
  describedBy,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const [picking, setPicking] = useState(false);
  const attributes = useRef(new Compartment());

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; later values arrive below.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          // No Tab binding: Tab moves on to the next control, so the editor never traps focus.
          keymap.of([...defaultKeymap, ...historyKeymap]),
          markdown(),
          EditorView.lineWrapping,
          placeholder("Write in Markdown…"),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current(update.state.doc.toString());
          }),
          attributes.current.of(contentAttributes(id, labelId, describedBy, invalid)),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A field message comes and goes after saves: the text area's ARIA state follows it.
  useEffect(() => {
    view.current?.dispatch({
      effects: attributes.current.reconfigure(contentAttributes(id, labelId, describedBy, invalid)),
    });
  }, [id, labelId, describedBy, invalid]);

  // A restored revision or local copy replaces the text; typing never comes back through here.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  function edit(
    make: (
      text: string,
      from: number,
      to: number,
    ) => { insert: string; from: number; to: number; select: [number, number] },
  ) {
    const editor = view.current;
    if (!editor) return;
    const { from, to } = editor.state.selection.main;
    const change = make(editor.state.doc.toString(), from, to);
    editor.dispatch({
      changes: { from: change.from, to: change.to, insert: change.insert },
      selection: EditorSelection.range(change.select[0], change.select[1]),
      scrollIntoView: true,
    });
    editor.focus();
  }

  const tools: { label: string; text: string; run: () => void }[] = [
    { label: "Heading", text: "H", run: () => edit((t, f, e) => prefixLines(t, f, e, "## ")) },
    {
      label: "Bold",
      text: "B",
      run: () => edit((t, f, e) => wrapSelection(t, f, e, "**", "**", "bold text")),
    },
    {
      label: "Italic",
      text: "I",
      run: () => edit((t, f, e) => wrapSelection(t, f, e, "_", "_", "italic text")),
    },
    {
      label: "Link",
      text: "Link",
      run: () => edit((t, f, e) => wrapSelection(t, f, e, "[", "](https://)", "link text")),
    },
    {
      label: "Bulleted list",
      text: "• List",
      run: () => edit((t, f, e) => prefixLines(t, f, e, "- ")),
    },
    {
      label: "Numbered list",
      text: "Numbered",
      run: () => edit((t, f, e) => prefixLines(t, f, e, "1. ")),
    },
    { label: "Quote", text: "“ Quote", run: () => edit((t, f, e) => prefixLines(t, f, e, "> ")) },
    { label: "Image", text: "Image", run: () => setPicking(true) },
  ];

  return (
    <div
      className={`mt-0.5 rounded-sm border bg-paper ${invalid ? "border-error" : "border-ink/25"} focus-within:outline-2 focus-within:outline-accent-strong`}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        className="flex flex-wrap gap-0.5 border-b border-line p-0.5"
      >
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            aria-label={tool.label}
            title={tool.label}
            onClick={tool.run}
            className="inline-flex h-[44px] min-w-[44px] items-center justify-center rounded-sm px-1 text-sm font-semibold hover:bg-paper-dim focus-visible:outline-2 focus-visible:outline-accent-strong min-[1024px]:h-4 min-[1024px]:min-w-4"
          >
            <span
              aria-hidden="true"
              className={
                tool.label === "Bold" ? "font-extrabold" : tool.label === "Italic" ? "italic" : ""
              }
            >
              {tool.text}
            </span>
          </button>
        ))}
      </div>
      <div
        ref={host}
        className="min-h-[24rem] text-base [&_.cm-content]:font-mono [&_.cm-content]:px-1 [&_.cm-content]:py-1 [&_.cm-editor]:min-h-[24rem] [&_.cm-editor.cm-focused]:outline-none"
      />
      {/* In the body, not here: the editor may sit in a form, and the picker has its own. */}
      {createPortal(
        <MediaPicker
          open={picking}
          onClose={() => setPicking(false)}
          onPick={(media) => {
            setPicking(false);
            const alt = media.alt.replace(/[[\]]/g, "");
            edit((_t, f, e) => {
              const insert = `![${alt}](${media.url})`;
              return { from: f, to: e, insert, select: [f + insert.length, f + insert.length] };
            });
          }}
        />,
        document.body,
      )}
    </div>
  );
}
