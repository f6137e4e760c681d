import { describe, expect, it } from 'vitest';
import { humanLine } from './start-output.mjs';

const line = (fields) => JSON.stringify({ time: 1, pid: 1, hostname: 'vm', ...fields });

describe("npm start's output", () => {
  it('turns the ready line into the address to open and what answers, offline', () => {
    const text = humanLine(line({ level: 30, ready: true, url: 'http://127.0.0.1:3000', answers: 'offline', models: [], msg: 'Parley is listening on http://127.0.0.1:3000' }));
    expect(text).toContain('Parley is running at http://127.0.0.1:3000');
    expect(text).toContain('built-in offline responder');
    expect(text).toContain('"Connect a model" in README.md');
  });

  it('names the models when a model service is set', () => {
    const text = humanLine(line({ level: 30, ready: true, url: 'http://127.0.0.1:3000', answers: 'model service', models: ['deepseek-chat', 'deepseek-reasoner'], msg: 'x' }));
    expect(text).toContain('Answers come from the model service (deepseek-chat, deepseek-reasoner).');
  });

  it('leaves out the routine lines and keeps warnings, such as a development SMS code', () => {
    expect(humanLine(line({ level: 30, msg: 'loaded the demo content (DEMO_DATA=off skips it)' }))).toBeNull();
    expect(humanLine(line({ level: 40, msg: 'DEVELOPMENT SMS DELIVERY (not sent): +86 13800000000 code 123456 (login)' }))).toBe(
      'warning: DEVELOPMENT SMS DELIVERY (not sent): +86 13800000000 code 123456 (login)',
    );
    expect(humanLine(line({ level: 50, msg: 'database connection lost', err: { message: 'ECONNRESET' } }))).toBe('error: database connection lost (ECONNRESET)');
  });

  it('prints what is not the JSON log as it is', () => {
    expect(humanLine('Parley failed to start: port 3000 is in use')).toBe('Parley failed to start: port 3000 is in use');
  });
});
