{% autoescape off %}/* Estrade's service worker (push/views.py serves it at the club's root: its scope is the club's pages).
   The offline page when a page cannot be reached; the club's notices as notifications, each opening its page. */
const SETTINGS = {{ settings_json }};
const CACHE = SETTINGS.cache;
const OFFLINE_URL = SETTINGS.offline;
const ICON_URL = SETTINGS.icon;
const OFFLINE_FILES = [OFFLINE_URL, SETTINGS.css, ICON_URL];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(OFFLINE_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("estrade-") && name !== CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") {
    return;  // pages only: the browser fetches everything else as usual
  }
  event.respondWith(fetch(event.request).catch(() => caches.match(OFFLINE_URL, {cacheName: CACHE})));
});

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (error) {
    notice = {body: event.data ? event.data.text() : ""};
  }
  event.waitUntil(self.registration.showNotification(notice.title || "Estrade", {
    body: notice.body || "", tag: notice.tag, icon: ICON_URL, badge: ICON_URL, data: {url: notice.url || ""},
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || self.registration.scope;
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then((windows) => {
    for (const client of windows) {
      if (client.url === url && "focus" in client) {
        return client.focus();
      }
    }
    return self.clients.openWindow(url);
  }));
});
{% endautoescape %}
