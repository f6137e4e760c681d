/** What the examples call: the site's OpenAI-compatible endpoint, as this agent, with this key. */
export interface CallTarget {
  /** `${origin}/v1` */
  baseUrl: string;
  /** The agent's id, which the endpoint takes as the model. */
  model: string;
  secret: string;
  /** The sample question, in the reader's language. */
  question: string;
}

/** A string inside single quotes in a POSIX shell: each ' closes, is escaped, and reopens. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function curlExample({ baseUrl, model, secret, question }: CallTarget): string {
  // JSON laid out by hand: short enough to read at a glance, one message to a line
  const body = ['{', `  "model": ${JSON.stringify(model)},`, `  "messages": [{"role": "user", "content": ${JSON.stringify(question)}}]`, '}'].join('\n');
  return [
    `curl ${baseUrl}/chat/completions \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${secret}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

export function openaiSdkExample({ baseUrl, model, secret, question }: CallTarget): string {
  return [
    '// npm install openai',
    "import OpenAI from 'openai';",
    '',
    'const client = new OpenAI({',
    `  baseURL: ${JSON.stringify(baseUrl)},`,
    `  apiKey: ${JSON.stringify(secret)},`,
    '});',
    '',
    'const completion = await client.chat.completions.create({',
    `  model: ${JSON.stringify(model)},`,
    `  messages: [{ role: 'user', content: ${JSON.stringify(question)} }],`,
    '});',
    'console.log(completion.choices[0].message.content);',
  ].join('\n');
}
