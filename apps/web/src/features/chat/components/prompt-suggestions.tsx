import { useTranslation } from 'react-i18next';

export interface PromptOption {
  title: string;
  content: string;
}

/** Prompts whose title or content holds every word typed after the "/", in any case. */
export function matchPrompts(prompts: PromptOption[], query: string): PromptOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return prompts.filter((prompt) => {
    const text = `${prompt.title}\n${prompt.content}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

interface PromptSuggestionsProps {
  id: string;
  prompts: PromptOption[];
  activeIndex: number;
  onPick: (prompt: PromptOption) => void;
  onHover: (index: number) => void;
}

/** The list under a "/": arrow keys move through it, Enter or a click fills the input. */
export function PromptSuggestions({ id, prompts, activeIndex, onPick, onHover }: PromptSuggestionsProps) {
  const { t } = useTranslation('chat');
  return (
    <ul className="prompt-suggestions" id={id} role="listbox" aria-label={t('input.prompts')}>
      {prompts.map((prompt, index) => (
        <li
          key={`${prompt.title}-${index}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === activeIndex}
          className="prompt-suggestions__option"
          // Keeps the focus in the textarea, so typing and the arrow keys go on working.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHover(index)}
          onClick={() => onPick(prompt)}
        >
          <span className="prompt-suggestions__title">{prompt.title}</span>
          <span className="prompt-suggestions__content">{prompt.content}</span>
        </li>
      ))}
    </ul>
  );
}
