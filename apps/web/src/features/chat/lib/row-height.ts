import type { MessageRow } from './message-rows';

/** A message's name, bubble padding and actions around its text, in px. */
const rowChrome = 92;
/** 14 px text at line-height 1.7. */
const lineHeight = 23.8;

function textOf(row: MessageRow): string {
  if (row.kind === 'item') return row.item.content;
  if (row.kind === 'live-question') return row.content;
  return row.live.text;
}

/**
 * A first guess at how tall a message row is, from its text: the virtual list uses it until it
 * has measured the rows, so it draws only those that fill the screen rather than a dozen
 * 160 px guesses of messages that are often far taller.
 */
export function estimateRowHeight(row: MessageRow, charsPerLine: number): number {
  let lines = 0;
  for (const line of textOf(row).split('\n')) lines += Math.max(1, Math.ceil(line.length / charsPerLine));
  return Math.round(rowChrome + lines * lineHeight);
}

/** About how many characters fit on a line of a message bubble at this window width. */
export function charsPerLineAt(windowWidth: number): number {
  return windowWidth < 768 ? 30 : 60;
}
