/**
 * The contracts the decrypted rankings and search results are checked against. Imported when
 * the first answer arrives: zod need not come with the app.
 */
export { dealerSearchResult, rankingPage } from '@parley/contracts';
