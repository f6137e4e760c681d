import { describe, expect, it } from 'vitest';
import { loaderMessage, panelMessage, readHostCommand, readLoaderMessage, readPanelMessage } from './widget-messages';

const parley = 'https://parley.example';
const shop = 'https://shop.example.com';
const frameWindow = {} as Window;
const otherWindow = {} as Window;

function message(data: unknown, origin: string, source: Window | null = frameWindow): MessageEvent {
  return new MessageEvent('message', { data, origin, source });
}

describe("the loader reading the panel's messages", () => {
  it('takes them from the panel on Parley’s origin', () => {
    expect(readPanelMessage(message(panelMessage('close'), parley), { origin: parley, source: frameWindow })).toEqual(panelMessage('close'));
    expect(readPanelMessage(message(panelMessage('ready'), parley), { origin: parley, source: frameWindow })).toEqual(panelMessage('ready'));
  });

  it('ignores another origin, another window, and anything not of the widget', () => {
    const expected = { origin: parley, source: frameWindow };
    expect(readPanelMessage(message(panelMessage('close'), shop), expected)).toBeNull();
    expect(readPanelMessage(message(panelMessage('close'), parley, otherWindow), expected)).toBeNull();
    expect(readPanelMessage(message(panelMessage('close'), parley, null), expected)).toBeNull();
    expect(readPanelMessage(message({ source: 'parley-widget', type: 'steal' }, parley), expected)).toBeNull();
    expect(readPanelMessage(message('close', parley), expected)).toBeNull();
  });
});

describe("the panel reading the loader's messages", () => {
  const expected = { origin: shop, source: frameWindow };

  it('takes them from its parent on the host origin its address named', () => {
    expect(readLoaderMessage(message(loaderMessage({ type: 'set-language', lang: 'ko-KR' }), shop), expected)).toEqual(loaderMessage({ type: 'set-language', lang: 'ko-KR' }));
    expect(readLoaderMessage(message(loaderMessage({ type: 'opened' }), shop), expected)).toEqual(loaderMessage({ type: 'opened' }));
  });

  it('ignores other origins and languages it does not speak', () => {
    expect(readLoaderMessage(message(loaderMessage({ type: 'opened' }), 'https://evil.example'), expected)).toBeNull();
    expect(readLoaderMessage(message({ source: 'parley-widget', type: 'set-language', lang: 'xx' }, shop), expected)).toBeNull();
  });
});

describe("the loader reading the host page's commands", () => {
  it('takes the documented commands from the page’s own origin only', () => {
    expect(readHostCommand(message({ type: 'parley-widget:open' }, shop), shop)).toEqual({ type: 'parley-widget:open' });
    expect(readHostCommand(message({ type: 'parley-widget:set-language', lang: 'en' }, shop), shop)).toEqual({ type: 'parley-widget:set-language', lang: 'en' });
    expect(readHostCommand(message({ type: 'parley-widget:open' }, 'https://ads.example'), shop)).toBeNull();
    expect(readHostCommand(message({ type: 'parley-widget:read-chat' }, shop), shop)).toBeNull();
  });
});
