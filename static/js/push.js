/* « Mon profil » → notifications on this device: ask the browser, subscribe with the site's VAPID key,
   hand the subscription to Estrade (templates/push/profile_section.html gives the addresses and words). */
(function () {
  "use strict";
  var section = document.getElementById("push");
  if (!section || !section.dataset.enabled) {
    return;
  }
  var data = section.dataset;
  var status = section.querySelector("[data-push-status]");
  var turnOn = section.querySelector("[data-push-on]");
  var turnOff = section.querySelector("[data-push-off]");

  function say(text) {
    status.textContent = text;
  }

  function showOn(on) {
    turnOn.hidden = on;
    turnOff.hidden = !on;
  }

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) {
      bytes[i] = raw.charCodeAt(i);
    }
    return bytes;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: {"Content-Type": "application/json", "X-CSRFToken": data.csrf},
    });
  }

  function registration() {
    return navigator.serviceWorker.register(data.sw, {scope: data.scope}).then(function () {
      return navigator.serviceWorker.ready;
    });
  }

  var supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) {
    turnOn.hidden = true;
    section.querySelector("[data-push-ios]").hidden = false;
    return;
  }
  if (Notification.permission === "denied") {
    say(data.msgDenied);
  }
  registration().then(function (reg) {
    return reg.pushManager.getSubscription();
  }).then(function (subscription) {
    if (subscription && Notification.permission === "granted") {
      showOn(true);
      say(data.msgOn);
    }
  }).catch(function () {});

  turnOn.addEventListener("click", function () {
    turnOn.disabled = true;
    say(data.msgWorking);
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") {
        say(data.msgDenied);
        return null;
      }
      return registration().then(function (reg) {
        return reg.pushManager.getSubscription().then(function (existing) {
          return existing || reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(data.key)});
        });
      }).then(function (subscription) {
        return post(data.subscribe, subscription.toJSON());
      }).then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) {
            throw {serverMessage: body.message};
          }
          showOn(true);
          say(body.message || data.msgOn);
        });
      });
    }).catch(function (error) {
      say(error && error.serverMessage ? error.serverMessage : data.msgFailed);
    }).then(function () {
      turnOn.disabled = false;
    });
  });

  turnOff.addEventListener("click", function () {
    registration().then(function (reg) {
      return reg.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) {
        return null;
      }
      return post(data.unsubscribe, {endpoint: subscription.endpoint}).then(function () {
        return subscription.unsubscribe();
      });
    }).then(function () {
      showOn(false);
      say(data.msgOff);
    }).catch(function () {
      say(data.msgFailed);
    });
  });
})();
