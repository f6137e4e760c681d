/** Words typed to add: separated by commas (Latin, full-width or 、), semicolons or new lines, blanks dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(/[,，、;；\n]/)
    .map((word) => word.trim())
    .filter((word) => word !== '');
}
