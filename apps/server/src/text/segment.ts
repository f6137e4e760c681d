/**
 * Word segmentation for full-text search. PostgreSQL's parser cannot split Chinese or Japanese
 * text into words, so text is segmented here with Intl.Segmenter (ICU's dictionaries) and
 * stored space-separated; the 'simple' configuration then only has to split on spaces.
 * The same function runs on stored text and on questions, so both sides always agree.
 */

// A fixed locale: results must not change with the server's own locale settings.
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Runs of letters, digits and combining marks: what is left of a word once `'`, `.` and `-` go. */
const wordRun = /[\p{L}\p{N}\p{M}]+/gu;
const latinLetter = /^\p{Script=Latin}$/u;

/**
 * Words too common to say anything about a question. Dropped from queries only: the index
 * keeps every word, so changing this list never needs a re-index.
 */
const stopWords = new Set([
  // English
  'a', 'about', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'but', 'by', 'can', 'could', 'did',
  'do', 'does', 'for', 'from', 'had', 'has', 'have', 'he', 'her', 'here', 'him', 'his', 'how', 'i', 'if',
  'in', 'into', 'is', 'it', 'its', 'me', 'my', 'of', 'on', 'or', 'our', 'please', 'she', 'should', 'so',
  'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'to', 'us',
  'was', 'we', 'were', 'what', 'when', 'where', 'which', 'who', 'why', 'will', 'with', 'would', 'you',
  'your',
  // requests that name no topic: "explain leverage" is about leverage
  'describe', 'explain', 'give', 'know', 'mean', 'need', 'show', 'tell', 'want',
  // the words of a question's form, not its topic ("how much", "is it ok", "sign up")
  'also', 'am', 'get', 'just', 'like', 'many', 'much', 'ok', 'okay', 'really', 'some', 'too', 'up', 'very',
  // Chinese (simplified and traditional)
  '的', '了', '吗', '嗎', '呢', '吧', '啊', '呀', '是', '我', '你', '您', '他', '她', '它', '我们', '我們',
  '你们', '你們', '在', '和', '与', '與', '及', '或', '就', '都', '也', '还', '還', '这', '這', '那', '这个',
  '這個', '那个', '那個', '什么', '什麼', '怎么', '怎麼', '怎样', '怎樣', '如何', '哪些', '哪个', '哪個',
  '为什么', '為什麼', '请问', '請問', '一下', '可以', '能', '会', '會', '要', '想', '把', '被', '给', '給',
  '对', '對', '从', '從', '到', '让', '讓', '有', '又', '还是', '還是', '解释', '解釋', '介绍', '介紹',
  '告诉', '告訴', '知道', '需要',
  // question forms and colloquial fillers: "有没有牌照" asks about 牌照, "怎么办" about what comes before it
  '没有', '沒有', '是不是', '是否', '能否', '意思', '回事', '怎么办', '怎麼辦', '办', '辦', '怎么样', '怎麼樣', '样', '樣',
  '啥', '咋', '嘛', '么', '麼', '呗', '唄', '哦', '哪里', '哪裡', '哪儿', '多少', '多少钱', '多少錢', '几', '幾', '几个',
  '幾個', '一个', '一個', '个', '個', '些', '一些', '条', '條', '次', '一般', '一直', '我想', '想要', '我的', '自己',
  '请', '請', '帮', '幫', '帮我', '幫我', '给我', '給我', '关于', '關於', '说', '說', '用', '里', '裡', '往', '成', '刚', '剛',
]);

/** Word runs of `text` in order, NFKC-normalised and lower case, punctuation and single Latin letters dropped. */
function* wordRuns(text: string): Generator<string> {
  for (const part of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (!part.isWordLike) continue;
    for (const [run] of part.segment.matchAll(wordRun)) {
      // "broker's" leaves a lone "s"; one Latin letter carries no meaning worth indexing
      if (run.length === 1 && latinLetter.test(run)) continue;
      yield run;
    }
  }
}

/** English plurals folded to their singular ("brokers", "currencies"), so either form finds the other. */
function foldPlural(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !/(ss|us|is|os)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of `text` in order, plurals folded. */
export function segmentWords(text: string): string[] {
  return Array.from(wordRuns(text), foldPlural);
}

const hanWord = /^\p{Script=Han}{2,}$/u;

/**
 * `text` as the space-separated words a `search_title` / `search_text` column holds. Chinese
 * words are followed by their characters, so a question segmented differently ("查" against
 * "查询") still finds them.
 */
export function segmentForIndex(text: string): string {
  const words: string[] = [];
  for (const word of segmentWords(text)) {
    words.push(word);
    if (hanWord.test(word)) words.push(...word);
  }
  return words.join(' ');
}

const numberTerm = /^\p{N}+$/u;

/**
 * A word made only of digits ("500", "3"). Search counts a number the text lacks as neither
 * found nor missing: an amount or a count in a question ("入金500美元多久到账") says nothing
 * about which passage answers it, though a passage holding the same number ranks higher.
 */
export function isNumberTerm(term: string): boolean {
  return numberTerm.test(term);
}

/**
 * The share of `terms` that `has` finds, 1 when it finds them all; numbers it does not find
 * (isNumberTerm) are left out of the count. 0 when there is nothing to count.
 */
export function termCoverage(terms: readonly string[], has: (term: string) => boolean): number {
  let found = 0;
  let counted = 0;
  for (const term of terms) {
    if (has(term)) {
      found++;
      counted++;
    } else if (!isNumberTerm(term)) {
      counted++;
    }
  }
  return counted === 0 ? 0 : Math.round((found / counted) * 1000) / 1000;
}

/**
 * Chinese question forms taken out of a question before it is split: the dictionary splits
 * some of them into pieces that look like topic words ("怎么回事" into "怎么", "回", "事").
 * "How long" forms go too: "入金多久到账" and "入金要几天" ask the same.
 */
const questionForms = /怎么回事|怎麼回事|是什么意思|是什麼意思|什么意思|什麼意思|怎么办|怎麼辦|是不是|有没有|有沒有|能不能|可不可以|要不要|会不会|會不會|多长时间|多長時間|多久|几天|幾天|几个小时|幾個小時/g;

/** The distinct meaningful words of a question, in order of first appearance. */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const run of wordRuns(text.replace(questionForms, ' '))) if (!stopWords.has(run)) terms.add(foldPlural(run));
  return [...terms];
}

const cjkChar = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const latinWord = /\p{Script=Latin}+/gu;

/** Mostly CJK: more CJK characters than Latin words (so "MT4服务器怎么找" counts as Chinese). */
export function isMostlyCjk(text: string): boolean {
  const cjk = text.match(cjkChar)?.length ?? 0;
  const latin = text.match(latinWord)?.length ?? 0;
  return cjk > 0 && cjk >= latin;
}
