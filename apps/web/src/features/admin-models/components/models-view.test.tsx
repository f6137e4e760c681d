import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import consoleDashboard from '../../../locales/en-US/consoleDashboard.json';
import consoleModels from '../../../locales/en-US/consoleModels.json';
import { makeOperator, startFakeOpenAI, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { ModelsView } from './models-view';

const model = await startFakeOpenAI({ apiKey: 'sk-very-secret', models: ['fake-model'] });
const server = withRealServer({
  LLM_BASE_URL: model.url,
  LLM_API_KEY: 'sk-very-secret',
  LLM_MODELS: 'fake-model=32768,backup-model',
  LLM_TIMEOUT_MS: '5000',
});

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'consoleModels', consoleModels, true, true);
  i18next.addResourceBundle('en-US', 'consoleDashboard', consoleDashboard, true, true);
});
afterAll(() => model.close());
beforeEach(async () => {
  model.setScenario({ kind: 'ok' });
  const operator = await server.signIn();
  await makeOperator(server.db, operator.userId);
});

function renderPage() {
  return renderRoutes([{ path: '/admin/models', element: <ModelsView /> }], '/admin/models');
}

describe('the model service page', () => {
  it('lists the models and where the service is, never the key, and says embeddings are off', async () => {
    renderPage();
    const chat = within(await screen.findByRole('region', { name: 'Chat models' }));
    expect(chat.getByText(model.url)).toBeInTheDocument();
    expect(chat.getByText('Set (not shown)')).toBeInTheDocument();
    expect(chat.getByRole('row', { name: /fake-model/ })).toHaveTextContent('fake-modelDefault32,76800–');
    expect(chat.getByRole('row', { name: /backup-model/ })).toHaveTextContent('backup-model8,19200–');
    expect(document.body.textContent).not.toContain('sk-very-secret');
    expect(screen.getByRole('region', { name: 'Embedding service' })).toHaveTextContent('No embedding model is set');
  });

  it('checks the model service when asked, the model picked, and says why it fails', async () => {
    const { user } = renderPage();
    const chat = within(await screen.findByRole('region', { name: 'Chat models' }));
    await user.click(chat.getByRole('button', { name: 'Check now' }));
    expect(await chat.findByText(/fake-model answered in [\d,]+ ms/)).toBeInTheDocument();
    expect(chat.getByText('Answers')).toBeInTheDocument();
    expect(model.requests.at(-1)?.body.model).toBe('fake-model');

    model.setScenario({ kind: 'httpError', status: 401 });
    await user.click(chat.getByRole('combobox', { name: 'Model to ask' }));
    await user.click(await screen.findByTitle('backup-model'));
    await user.click(chat.getByRole('button', { name: 'Check now' }));
    expect(await chat.findByText('Does not answer')).toBeInTheDocument();
    expect(chat.getByText(/Key refused, or no credit left \(HTTP 401\)/)).toBeInTheDocument();
    expect(chat.getByText(/The service refused the API key/)).toBeInTheDocument();
    expect(model.requests.at(-1)?.body.model).toBe('backup-model');
  });
});
