// Parley's service worker: it keeps an offline page, and shows it for a page opened without a
// connection. Everything else goes to the network as if there were no worker (no app caching:
// answers and chats are always live).
var cacheName = 'parley-offline-v1';
var offlineFiles = ['/offline.html', '/offline.js', '/preferences-boot.js', '/favicon.svg'];

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches.open(cacheName).then(function (cache) {
      return cache.addAll(offlineFiles);
    }),
  );
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(names.filter((name) => name !== cacheName).map((name) => caches.delete(name)));
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(function () {
        return caches.match('/offline.html');
      }),
    );
    return;
  }
  // what the offline page itself needs, from the cache when the network is gone
  var path = new URL(request.url).pathname;
  if (offlineFiles.indexOf(path) !== -1) {
    event.respondWith(
      fetch(request).catch(function () {
        return caches.match(path);
      }),
    );
  }
});
