import { CopyOutlined, DeleteOutlined, ExportOutlined, GlobalOutlined } from '@ant-design/icons';
import { checkWidgetOrigin, locales, widgetLimits, widgetThemes, type Locale, type WidgetTheme } from '@parley/contracts';
import { Alert, Button, Input, Select, Skeleton, Typography } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeHttpError } from '../../../lib/http';
import { languageNames } from '../../../lib/i18n/language-names';
import { notify } from '../../../lib/notify';
import { copyText } from '../../../lib/copy-text';
import { useSaveWidgetOrigins, useWidgetSettings } from '../api/widget-settings';
import { embedSnippet, previewUrl, type SnippetOptions } from '../lib/embed-snippet';
import './widget-settings.css';

export interface WidgetSettingsProps {
  appId: string;
  /** Parley's address as the websites reach it; this page's origin unless told. */
  parleyOrigin?: string;
}

/**
 * An agent's chat widget, for its owner: the websites allowed to show it (added and removed one
 * at a time, each saved at once), the script tag to paste into them, and a preview of the panel.
 * Self-contained, for the agent's own page.
 */
export function WidgetSettings({ appId, parleyOrigin = window.location.origin }: WidgetSettingsProps) {
  const { t } = useTranslation('agentWidget');
  const settings = useWidgetSettings(appId);
  const save = useSaveWidgetOrigins(appId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [options, setOptions] = useState<SnippetOptions>({ lang: null, theme: 'auto' });
  const ids = { title: useId(), field: useId(), help: useId() };

  if (settings.isPending) {
    return (
      <section className="widget-settings" aria-busy="true" aria-label={t('title')}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </section>
    );
  }
  if (settings.isError) {
    return (
      <section className="widget-settings" aria-label={t('title')}>
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          description={describeHttpError(settings.error, t)}
          action={<Button onClick={() => void settings.refetch()}>{t('retry')}</Button>}
        />
      </section>
    );
  }

  const { origins, visibility } = settings.data;
  const replace = (next: string[], done?: () => void) =>
    save.mutate(next, {
      onSuccess: () => done?.(),
      onError: (error) => notify.error(describeHttpError(error, t)),
    });

  function add(event: FormEvent) {
    event.preventDefault();
    const checked = checkWidgetOrigin(draft);
    if ('problem' in checked) return setProblem(t(`problems.${checked.problem}`));
    if (origins.includes(checked.origin)) return setProblem(t('problems.duplicate', { origin: checked.origin }));
    if (origins.length >= widgetLimits.originsMax) return setProblem(t('problems.full', { max: widgetLimits.originsMax }));
    setProblem(null);
    replace([...origins, checked.origin], () => setDraft(''));
  }

  const snippet = embedSnippet(parleyOrigin, appId, options);
  const live = origins.length > 0;
  return (
    <section className="widget-settings" aria-labelledby={ids.title}>
      <Typography.Title level={4} id={ids.title} className="widget-settings__title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {visibility === 'private' && live && <Alert className="widget-settings__note" type="info" showIcon title={t('privateNote')} />}

      <Typography.Title level={5}>{t('origins.title')}</Typography.Title>
      {live ? (
        <ul className="widget-settings__origins" aria-label={t('origins.title')}>
          {origins.map((origin) => (
            <li key={origin}>
              <GlobalOutlined aria-hidden />
              <span className="widget-settings__origin">{origin}</span>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('origins.remove', { origin })}
                title={t('origins.remove', { origin })}
                disabled={save.isPending}
                onClick={() => replace(origins.filter((listed) => listed !== origin))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="widget-settings__empty">{t('origins.empty')}</p>
      )}
      <form className="widget-settings__add" onSubmit={add} noValidate>
        <label htmlFor={ids.field} className="widget-settings__label">
          {t('origins.add')}
        </label>
        <div className="widget-settings__add-row">
          <Input
            id={ids.field}
            value={draft}
            placeholder="https://www.example.com"
            status={problem ? 'error' : undefined}
            aria-invalid={problem !== null}
            aria-describedby={ids.help}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
          />
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('origins.addButton')}
          </Button>
        </div>
        <p id={ids.help} className={problem ? 'widget-settings__problem' : 'widget-settings__hint'} role={problem ? 'alert' : undefined}>
          {problem ?? t('origins.hint', { max: widgetLimits.originsMax })}
        </p>
      </form>

      <Typography.Title level={5}>{t('code.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{live ? t('code.intro') : t('code.needsOrigin')}</Typography.Paragraph>
      <div className="widget-settings__options">
        <label>
          <span>{t('code.language')}</span>
          <Select<Locale | 'page'>
            value={options.lang ?? 'page'}
            aria-label={t('code.language')}
            popupMatchSelectWidth={false}
            onChange={(value) => setOptions((current) => ({ ...current, lang: value === 'page' ? null : value }))}
            options={[{ value: 'page', label: t('code.pageLanguage') }, ...locales.map((locale) => ({ value: locale, label: languageNames[locale] }))]}
          />
        </label>
        <label>
          <span>{t('code.theme')}</span>
          <Select<WidgetTheme>
            value={options.theme}
            aria-label={t('code.theme')}
            popupMatchSelectWidth={false}
            onChange={(theme) => setOptions((current) => ({ ...current, theme }))}
            options={widgetThemes.map((theme) => ({ value: theme, label: t(`code.themes.${theme}`) }))}
          />
        </label>
      </div>
      <pre className="widget-settings__snippet" aria-label={t('code.snippet')}>
        <code>{snippet}</code>
      </pre>
      <div className="widget-settings__actions">
        <Button
          icon={<CopyOutlined aria-hidden />}
          disabled={!live}
          onClick={async () => {
            if (await copyText(snippet)) notify.success(t('code.copied'));
            else notify.error(t('code.copyFailed'));
          }}
        >
          {t('code.copy')}
        </Button>
        <Button icon={<ExportOutlined aria-hidden />} disabled={!live} href={live ? previewUrl(parleyOrigin, appId, options) : undefined} target="_blank" rel="noopener noreferrer">
          {t('preview')}
        </Button>
      </div>
    </section>
  );
}
