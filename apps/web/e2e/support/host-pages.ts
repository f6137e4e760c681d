import { createServer, type Server } from 'node:http';

/** What the host page's address asks for: the script tag's attributes, or a bare iframe of the panel. */
function hostPage(parleyURL: string, agentId: string, query: URLSearchParams): string {
  const attributes = ['lang', 'theme']
    .filter((name) => query.has(name))
    .map((name) => ` data-${name}="${query.get(name) ?? ''}"`)
    .join('');
  const bareFrame = query.has('bare-frame')
    ? `<iframe title="Bare panel" src="${parleyURL}/widget/${agentId}?origin=${encodeURIComponent(query.get('origin') ?? '')}" width="380" height="500"></iframe>`
    : '';
  // the page's own CSS is hostile on purpose: the launcher lives in a shadow root and must not care
  return `<!doctype html>
<html lang="${query.get('page-lang') ?? 'en'}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Harbour Tea Shop</title>
    <style>
      body { margin: 0; font: 18px/1.6 Georgia, serif; background: ${query.get('theme') === 'dark' ? '#1d1b19; color: #eee' : '#faf7f2; color: #222'}; }
      header { padding: 24px 40px; background: #2f5d50; color: #fff; }
      main { padding: 24px 40px; max-width: 760px; }
      button, div { border-radius: 0 !important; font-family: 'Comic Sans MS', cursive !important; }
      button { background: lime !important; }
    </style>
  </head>
  <body>
    <header><h1>Harbour Tea Shop</h1></header>
    <main>
      <p>Loose-leaf teas from small gardens, packed by hand every Tuesday.</p>
      <p>Questions about an order? Our assistant answers around the clock.</p>
      ${bareFrame}
    </main>
    <script src="${parleyURL}/embed.js" data-agent="${agentId}"${attributes} async></script>
  </body>
</html>`;
}

/** A plain website on `port` (loopback) whose page carries the widget's script tag for `agentId()`. */
export async function startHostSite(port: number, parleyURL: string, agentId: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(parleyURL, agentId(), url.searchParams));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}
