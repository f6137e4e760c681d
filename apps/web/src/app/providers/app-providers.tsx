import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryResetOnAccountChange } from '../../features/auth';
import { antdTheme } from '../../lib/theme/antd-theme';
import { applyDocumentTheme } from '../../lib/theme/resolve-theme';
import { useResolvedTheme } from '../../lib/theme/use-resolved-theme';
import { useAppSetting } from '../../stores/app-setting-store';
import { NotifierBridge } from './notifier-bridge';
import { ThemeCssVariables } from './theme-css-variables';
import { useLanguageResources, type LanguageResources } from './use-language-resources';

function createQueryClient(): QueryClient {
  // The HTTP client already toasts failures; retrying would repeat the toast.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

export function AppProviders({ initialLanguage, children }: { initialLanguage: LanguageResources; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const themeSetting = useAppSetting((setting) => setting.theme);
  const language = useAppSetting((setting) => setting.language);
  const resolved = useResolvedTheme(themeSetting);
  const antdLocale = useLanguageResources(language, initialLanguage);

  const themeConfig = useMemo(() => antdTheme(resolved), [resolved]);

  useLayoutEffect(() => applyDocumentTheme(resolved), [resolved]);

  return (
    <QueryClientProvider client={queryClient}>
      <QueryResetOnAccountChange />
      {/* antd would spell two-character Chinese labels with a space between ("保 存") */}
      <ConfigProvider locale={antdLocale} theme={themeConfig} button={{ autoInsertSpace: false }}>
        <ThemeCssVariables />
        <NotifierBridge />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
