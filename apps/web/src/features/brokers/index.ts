export { BrokerSearch } from './components/broker-search';
export { RankingBoard } from './components/ranking-board';
