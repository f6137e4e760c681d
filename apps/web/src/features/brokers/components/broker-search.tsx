import { Input, Spin } from 'antd';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchBoxLabels } from '../../../components/search-box-labels';
import { notify } from '../../../lib/notify';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSiteConfig } from '../../site';
import { useDealerSearch } from '../api/search-dealers';
import { brokerNames } from '../lib/broker-name';
import { brokerDetailUrl, brokerSearchUrl } from '../lib/broker-urls';
import { dropdownHideDelayMs, searchDebounceMs } from '../lib/search-timing';
import { BrokerLogo } from './broker-logo';
import { useBrokerDetail } from './broker-detail-opener';
import './broker-search.css';

/**
 * The broker search box: matches appear as you type (non-blank input, 300 ms after the last key)
 * in a dropdown that shows on focus and hides 200 ms after focus leaves; submitting opens the
 * main site's search page in a new tab.
 */
export function BrokerSearch() {
  const { t, i18n } = useTranslation('brokers');
  const listId = useId();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const settled = useDebouncedValue(keyword, searchDebounceMs);
  const search = useDealerSearch(settled);
  const { data: site } = useSiteConfig();
  const detail = useBrokerDetail(site?.brokerSite);
  const { allowClear, searchIcon } = useSearchBoxLabels();

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  function show() {
    clearTimeout(hideTimer.current);
    setOpen(true);
  }

  function hideLater(event: FocusEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOpen(false), dropdownHideDelayMs);
  }

  function submit(value: string) {
    if (value.trim() === '') {
      notify.warning(t('search.empty'));
      return;
    }
    if (site) window.open(brokerSearchUrl(site.brokerSite, value), '_blank', 'noopener,noreferrer');
  }

  const searching = settled.trim() !== '';
  const showList = open && keyword.trim() !== '' && searching;

  return (
    <div className="broker-search" onFocus={show} onBlur={hideLater}>
      <Input.Search
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onSearch={submit}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        // A search box, not a combobox (aria-expanded is not allowed on it): the results below are
        // a live region of links, announced as they come.
        aria-controls={showList ? listId : undefined}
        enterButton
        searchIcon={searchIcon}
        allowClear={allowClear}
        maxLength={50}
      />
      {showList && (
        <div className="broker-search__dropdown" id={listId} role="region" aria-label={t('search.results')} aria-live="polite">
          {search.isFetching && !search.data ? (
            <div className="broker-search__status">
              <Spin size="small" /> {t('search.loading')}
            </div>
          ) : search.isError ? (
            <div className="broker-search__status">{t('search.error')}</div>
          ) : search.data?.length === 0 ? (
            <div className="broker-search__status">{t('search.none')}</div>
          ) : (
            <ul className="broker-search__list">
              {search.data?.map((item) => {
                const { name, otherName } = brokerNames(item, i18n.language);
                return (
                  <li key={item.id}>
                    <a
                      className="broker-search__item"
                      href={site ? brokerDetailUrl(site.brokerSite, item.id) : undefined}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={(event) => detail.onLinkClick(event, item.id)}
                    >
                      <BrokerLogo src={item.imgUrl} name={item.titleEn || item.title} />
                      <span className="broker-search__names">
                        <span>{name}</span>
                        {otherName && <small>{otherName}</small>}
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      {detail.drawer}
    </div>
  );
}
