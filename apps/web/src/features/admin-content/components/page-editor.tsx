import { contentLimits, locales, sitePageSlugs, type Locale, type SitePageSlug } from '@parley/contracts';
import { Input, Select, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, LoadingRows } from '../../../components/console/paged-list-states';
import { languageNames } from '../../../lib/i18n/language-names';
import { notify } from '../../../lib/notify';
import { usePage, useSavePage } from '../api/site-page';
import { UnsavedActions } from './settings-group';

interface PageEditorProps {
  /** Draws the preview (the site's markdown renderer, which the route hands in). */
  renderMarkdown: (markdown: string) => ReactNode;
}

/** One site page in one language: its Markdown beside a preview of what readers will see. */
export function PageEditor({ renderMarkdown }: PageEditorProps) {
  const { t, i18n } = useTranslation('consoleContent');
  const [slug, setSlug] = useState<SitePageSlug>('aboutUs');
  const [locale, setLocale] = useState<Locale>((locales as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en-US');
  const page = usePage({ slug, locale });
  const save = useSavePage();
  // what is being written, per page and language, until it is saved
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const key = `${slug}/${locale}`;
  const draft = drafts[key] ?? page.data?.markdown ?? '';
  const changed = page.data !== undefined && drafts[key] !== undefined && drafts[key] !== page.data.markdown;

  function submit() {
    save.mutate(
      { slug, locale, markdown: draft },
      {
        onSuccess: () => {
          setDrafts(({ [key]: _saved, ...rest }) => rest);
          notify.success(t('pages.saved'));
        },
      },
    );
  }

  return (
    <section className="content-section page-editor">
      <div className="page-editor__pickers">
        <Select
          value={slug}
          onChange={setSlug}
          aria-label={t('pages.page')}
          options={sitePageSlugs.map((value) => ({ value, label: t(`pages.slugs.${value}`) }))}
          className="page-editor__select"
        />
        <Select
          value={locale}
          onChange={setLocale}
          aria-label={t('pages.language')}
          options={locales.map((value) => ({ value, label: languageNames[value] }))}
          className="page-editor__select"
        />
        {page.data && (
          <Tag>
            {t(`pages.sources.${page.data.source}`)}
            {page.data.textLocale !== locale ? ` · ${t('pages.inFallback', { language: languageNames[page.data.textLocale as Locale] ?? page.data.textLocale })}` : ''}
          </Tag>
        )}
      </div>
      {page.isPending && <LoadingRows count={3} />}
      {page.isError && <ListError onRetry={() => void page.refetch()} />}
      {page.data && (
        <>
          <div className="page-editor__panes">
            <Input.TextArea
              value={draft}
              onChange={(event) => setDrafts((current) => ({ ...current, [key]: event.target.value }))}
              aria-label={t('pages.markdown')}
              maxLength={contentLimits.pageMaxChars}
              autoSize={{ minRows: 14, maxRows: 28 }}
              className="page-editor__source"
            />
            <div className="page-editor__preview" aria-label={t('pages.preview')} role="region">
              {renderMarkdown(draft)}
            </div>
          </div>
          <UnsavedActions
            changed={changed}
            onDiscard={() => setDrafts(({ [key]: _dropped, ...rest }) => rest)}
            saveText={t('pages.save')}
            saving={save.isPending}
            onSave={submit}
            saveDisabled={draft.trim() === ''}
          />
        </>
      )}
    </section>
  );
}
