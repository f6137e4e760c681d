export { startFakeSmsGateway } from './server.js';
export type { FakeSmsGateway, FakeSmsGatewayOptions, FakeSmsMessage } from './server.js';
