import type { PromptMessage } from './provider.js';

/** Per-message framing tokens (role, separators) in the chat format. */
const messageOverheadTokens = 4;

/** Kana, CJK ideographs (with extension A and compatibility), Hangul, CJK and full-width punctuation. */
function isCjkCode(code: number): boolean {
  return (
    (code >= 0x3000 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}

/**
 * A tokenizer-free estimate, used when the model service reports no usage and to fit the
 * prompt into the context budget: a CJK character is about one token, other text about one
 * token per four characters. Characters outside the BMP (rare ideographs, emoji) count one each.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      cjk++;
      index++;
    } else if (isCjkCode(code)) {
      cjk++;
    } else {
      other++;
    }
  }
  return cjk + Math.ceil(other / 4);
}

export function estimateMessageTokens(message: PromptMessage): number {
  return estimateTokens(message.content) + messageOverheadTokens;
}

/** The prompt as a whole, including the tokens that prime the answer. */
export function estimatePromptTokens(messages: PromptMessage[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 2);
}
