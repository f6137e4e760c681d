import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../../test/render';
import { modelPickStore, pickToSend } from '../stores/model-pick-store';
import { ChatModelPicker } from './model-picker';

beforeAll(() => setupTestI18n());
beforeEach(() => modelPickStore.setState({ picks: {} }));

const choice = { models: ['model-a', 'model-b'], defaultModel: 'model-a' };

/** A key press as antd's Select reads it: by keyCode, which user-event leaves out. */
async function press(element: Element, key: 'ArrowDown' | 'Enter') {
  fireEvent.keyDown(element, { key, keyCode: key === 'Enter' ? 13 : 40 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** The picker as it shows its value (its list of options opens apart from it). */
const picker = () => screen.getByRole('combobox', { name: 'Model' }).closest('.ant-select');

describe('the model picker', () => {
  it('shows the default model until one is picked, and picks another with the keyboard for the next question', async () => {
    render(<ChatModelPicker threadKey="chat-1" choice={choice} saved={null} />);
    expect(picker()).toHaveTextContent('model-a');

    await userEvent.setup().click(screen.getByText('Model'));
    const box = screen.getByRole('combobox', { name: 'Model' });
    expect(box).toHaveFocus();
    await press(box, 'ArrowDown');
    await press(box, 'ArrowDown');
    await press(box, 'Enter');
    expect(pickToSend('chat-1', choice)).toBe('model-b');
    expect(picker()).toHaveTextContent('model-b');
  });

  it('shows the model saved with the chat', () => {
    render(<ChatModelPicker threadKey="chat-2" choice={choice} saved="model-b" />);
    expect(picker()).toHaveTextContent('model-b');
    expect(pickToSend('chat-2', choice)).toBeUndefined();
  });

  it('is not there when the chat has no choice', () => {
    const { container } = render(<ChatModelPicker threadKey="chat-3" choice={{ models: [], defaultModel: 'model-a' }} saved={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
