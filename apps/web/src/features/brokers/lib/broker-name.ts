/** A broker's names as the reader sees them: its Chinese name in Chinese, else its English one when it has one; the other name beside it. */
export function brokerNames(broker: { title: string; titleEn: string }, language: string): { name: string; otherName: string | null } {
  const english = broker.titleEn.trim();
  const name = language.startsWith('zh') || english === '' ? broker.title : english;
  const other = name === broker.title ? english : broker.title;
  return { name, otherName: other !== '' && other !== name ? other : null };
}
