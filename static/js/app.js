/* The installable app: every club page registers the club's service worker (its scope: the club's pages),
   which shows the offline page when the network is gone and the push notifications. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) {
    return;
  }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(script.dataset.sw, {scope: script.dataset.scope}).catch(function () {});
  });
})();
