/**
 * Reading a secret a command should not take on its command line (where npm echoes it and the
 * shell keeps it in history): from a pipe, or typed into a terminal without echo.
 */

/** The first line of a stream that is not a terminal (`printf '%s\n' "$PW" | npm run …`). */
export async function readFirstLine(stream: NodeJS.ReadableStream, maxBytes = 64 * 1024) {
  let text = "";
  for await (const chunk of stream) {
    text += chunk.toString();
    if (text.includes("\n") || text.length > maxBytes) break;
  }
  return (text.split(/\r?\n/)[0] ?? "").slice(0, maxBytes);
}

/** Thrown when the person at the terminal presses Ctrl-C or Ctrl-D instead of answering. */
export class Interrupted extends Error {
  constructor() {
    super("interrupted.");
  }
}

/** Asks at the terminal (prompt on stderr) and reads one line without showing what is typed. */
export function askHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  let answer = "";
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
      settle();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish(() => resolve(answer));
        if (char === "\u0003" || char === "\u0004") return finish(() => reject(new Interrupted()));
        if (char === "\u007f" || char === "\b") answer = [...answer].slice(0, -1).join("");
        else if (char >= " ") answer += char;
      }
    };
    stdin.on("data", onData);
  });
}
