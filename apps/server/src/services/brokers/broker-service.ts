import { brokerLimits, dealerSearchResult, rankingPage, type AdType, type Locale, type RankingCategory } from '@parley/contracts';
import type { AdRepo } from '../../db/repos/ad-repo.js';
import type { BrokerRepo } from '../../db/repos/broker-repo.js';
import { AppError } from '../../platform/app-error.js';
import type { DataCipher } from './data-cipher.js';

/** Rankings, dealer search and detail, and the promo slots of the sidebar and right panel. */
export function createBrokerService({ brokers, ads, cipher }: { brokers: BrokerRepo; ads: AdRepo; cipher: DataCipher }) {
  return {
    /**
     * One page of a category's newest ranking, encrypted. Checked against the contract first:
     * once scrambled, no response schema sees it, and the browser reads it as that contract.
     */
    async rankings(category: RankingCategory, page: number): Promise<string> {
      const size = brokerLimits.rankingPageSize;
      const slice = await brokers.rankingPage(category, (page - 1) * size, size);
      return cipher.encrypt(rankingPage.parse({ list: slice.items, totalPages: Math.ceil(slice.total / size), asOf: slice.asOf }));
    },

    /** Brokers matching a keyword, checked against the contract, then encrypted. */
    async search(keyword: string): Promise<string> {
      return cipher.encrypt(dealerSearchResult.parse(await brokers.search(keyword, brokerLimits.searchResults)));
    },

    async detail(id: string) {
      const detail = await brokers.detail(id);
      if (!detail) throw new AppError('NOT_FOUND', 'No broker has this id.');
      return detail;
    },

    async brokerAd(id: string, language?: Locale) {
      const internalId = await brokers.internalId(id);
      if (!internalId) throw new AppError('NOT_FOUND', 'No broker has this id.');
      return ads.pickForBroker(internalId, language);
    },

    homeAd(type: AdType, language?: Locale) {
      return ads.pick(type, language);
    },
  };
}

export type BrokerService = ReturnType<typeof createBrokerService>;
