// What `npm start` shows of the server's log: the address to open, what answers questions, and
// warnings and errors (the development SMS codes among them) as plain lines. The server's JSON
// log stays whole where LOG_LEVEL is set or the server is run directly (`node apps/server/dist/server.js`).

const levelNames = { 40: 'warning', 50: 'error', 60: 'fatal' };

/** How answers are given, from the server's ready line. */
function answersLine(entry) {
  if (entry.answers !== 'offline') return `Answers come from the model service (${(entry.models ?? []).join(', ')}).`;
  return 'Answers come from the built-in offline responder, which knows only the site\'s knowledge. To connect a model, see "Connect a model" in README.md.';
}

/**
 * The line to print for one line of the server's log, or null to leave it out. A line that is
 * not the server's JSON (a crash before the logger exists) is printed as it is.
 */
export function humanLine(raw) {
  let entry;
  try {
    entry = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return raw;
  if (entry.ready === true) return `\nParley is running at ${entry.url}\n${answersLine(entry)}\nStop it with Ctrl+C.\n`;
  if (entry.level < 40) return null;
  const name = levelNames[Math.min(60, Math.floor(entry.level / 10) * 10)] ?? 'error';
  const detail = entry.err?.message && entry.err.message !== entry.msg ? ` (${entry.err.message})` : '';
  return `${name}: ${entry.msg}${detail}`;
}
