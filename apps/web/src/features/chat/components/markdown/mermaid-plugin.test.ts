import { describe, expect, it } from 'vitest';
import { withoutHtml } from './mermaid-plugin';

describe('a diagram source before Mermaid reads it', () => {
  it('loses the HTML in its labels', () => {
    expect(withoutHtml('graph LR\n  A[Deposit] --> B["<img src=x onerror=alert(1)>Trade"]')).toBe('graph LR\n  A[Deposit] --> B["Trade"]');
    expect(withoutHtml('A["<b>bold</b> and <br/>break"]')).toBe('A["bold and break"]');
    expect(withoutHtml('A["<a href=javascript:alert(1)>click</a>"]')).toBe('A["click"]');
  });

  it.each([
    'graph TD\n  A --> B\n  B <--> C\n  C -.-> D',
    'classDiagram\n  Animal <|-- Duck\n  class Shape{\n    <<interface>>\n  }',
    'sequenceDiagram\n  Alice->>Bob: price < 1.10 and > 1.05',
    'stateDiagram-v2\n  state fork_state <<fork>>',
  ])('keeps the diagram syntax: %s', (source) => {
    expect(withoutHtml(source)).toBe(source);
  });
});
