import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { describe, expect, it } from 'vitest';
import { appSettingStore } from '../../stores/app-setting-store';
import { AppProviders } from './app-providers';

describe('the app providers', () => {
  it('keep a two-character Chinese button label as written', () => {
    const language = appSettingStore.getState().language;
    render(
      <AppProviders initialLanguage={{ language, antdLocale: zhCN }}>
        <Button>保存</Button>
      </AppProviders>,
    );
    expect(screen.getByRole('button')).toHaveTextContent(/^保存$/);
  });
});
