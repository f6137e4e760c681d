/**
 * The servers the journeys run against (see playwright.config.ts), on consecutive ports.
 * E2E_PORT_BASE moves them all, so two checkouts can run their journeys side by side.
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
export const openPort = portBase;
export const lockedPort = portBase + 1;
export const lockedBaseURL = `http://127.0.0.1:${lockedPort}`;
export const accessPassword = 'parley-e2e-password';

/** The agents journey's server: its creator signs up by SMS through the fake gateway below. */
export const agentsPort = portBase + 2;
export const agentsBaseURL = `http://127.0.0.1:${agentsPort}`;

/** A fake OpenAI-compatible server (echo) and a Parley server that uses it, for journeys that check what reaches the model. */
export const fakeOpenAIPort = portBase + 3;
export const modelPort = portBase + 4;
export const modelBaseURL = `http://127.0.0.1:${modelPort}`;
export const fakeOpenAIURL = `http://127.0.0.1:${fakeOpenAIPort}`;

/** The fake SMS gateway the open server delivers codes to; journeys read codes back from it. */
export const smsGatewayPort = portBase + 5;
export const smsGatewayURL = `http://127.0.0.1:${smsGatewayPort}`;

/** A server that loads the demo content on its empty in-memory database, with sidebar links and contacts set (the brokers journey). */
export const demoPort = portBase + 6;
export const demoBaseURL = `http://127.0.0.1:${demoPort}`;
export const demoLinks = {
  platform: 'https://www.example.com/platform',
  complaints: 'https://complaints.example.com/',
  oldVersion: 'https://old.example.com/',
  download: 'https://www.example.com/app',
};
export const demoContact = { qq: '800012345', mail: 'service@example.com' };

/** A second fake model service whose answers a journey scripts (thinking, refusals, a small window), and the Parley server using it. */
export const scriptedModelPort = portBase + 7;
export const scriptedModelURL = `http://127.0.0.1:${scriptedModelPort}`;
export const scriptedPort = portBase + 8;
export const scriptedBaseURL = `http://127.0.0.1:${scriptedPort}`;

/**
 * Two plain websites on other origins for the widget journey, started by the journey itself:
 * one its agent lists, one it does not. localhost, while Parley is on 127.0.0.1.
 */
export const widgetHostPort = portBase + 9;
export const widgetHostURL = `http://localhost:${widgetHostPort}`;
export const widgetStrangerPort = portBase + 10;
export const widgetStrangerURL = `http://localhost:${widgetStrangerPort}`;

/** The console journey's server, which the journey starts itself: it stops it to make its first operator with the admin CLI. */
export const consolePort = portBase + 11;
export const consoleBaseURL = `http://127.0.0.1:${consolePort}`;

/** A server whose offline answers stream slowly (120 ms a piece): the resume journeys reload and cut connections mid-answer. */
export const slowStreamPort = portBase + 12;
export const slowStreamBaseURL = `http://127.0.0.1:${slowStreamPort}`;
