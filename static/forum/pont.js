// Estrade's bridge for Forumactif (docs/forum-bridge.md). Runs on every forum page, in the member's own
// forum session. Plain JavaScript, no build step. Estrade data is inserted as text, never as HTML.
//  - `#estrade=TOKEN` in the address (put there by an Estrade page): a job to do (a topic to create, a
//    post or declaration to publish, a batch of private messages), shown in a panel, done on confirmation
//    by replaying the forum's own form with its hidden fields, and reported back to Estrade.
//  - a topic linked to a duel: a live panel above the first message (pont-live.js, served with it).
//  - every page: the house cup's band at the top (pont-cup.js, served with it).
(function () {
  "use strict";
  var C = window.ESTRADE_PONT || {};
  if (!C.base || window.ESTRADE_PONT_RUNNING) return;
  window.ESTRADE_PONT_RUNNING = true;
  var FLOOD = /si peu de temps apr[eè]s le dernier|flood/i;
  var PM_SENT = /Votre message a [ée]t[ée] envoy[ée]/i;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function sleep(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }
  function estrade(path, payload, timeoutMs) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller && timeoutMs ? setTimeout(function () { controller.abort(); }, timeoutMs) : null;
    var options = { credentials: "omit", signal: controller ? controller.signal : undefined };
    if (payload) {
      options.method = "POST";
      options.headers = { "Content-Type": "application/json" };
      options.body = JSON.stringify(payload);
    }
    return fetch(C.base + path, options).then(function (response) {
      if (timer) clearTimeout(timer);
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    });
  }

  // --- the forum's forms ----------------------------------------------------------------------
  function parse(html) { return new DOMParser().parseFromString(html, "text/html"); }
  function formFields(url) {
    // A fresh copy of the form page: its hidden fields (auth[], tid, new_pm_time, ...) change per request.
    return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = parse(html);
      var form = doc.querySelector("form[name=post]") || doc.querySelector("form[action*='/post'], form[action*='/privmsg']");
      if (!form) throw new Error("Formulaire du forum introuvable (êtes-vous connecté au forum ?)");
      var fields = [];
      form.querySelectorAll("input, textarea, select").forEach(function (input) {
        if (!input.name || input.disabled) return;
        if ((input.type === "checkbox" || input.type === "radio") && !input.checked) return;
        if (input.type === "submit" || input.type === "button" || input.type === "file") return;
        fields.push([input.name, input.value]);
      });
      return { action: form.getAttribute("action") || url, fields: fields };
    });
  }
  function setField(fields, name, value) {
    var kept = fields.filter(function (pair) { return pair[0] !== name; });
    kept.push([name, value]);
    return kept;
  }
  function submit(form) {
    var body = form.fields.map(function (pair) {
      return encodeURIComponent(pair[0]) + "=" + encodeURIComponent(pair[1]);
    }).join("&");
    return fetch(form.action, {
      method: "POST", credentials: "same-origin", body: body,
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
    }).then(function (r) { return r.text().then(function (text) { return { html: text, url: r.url }; }); });
  }
  var MESSAGE_ADDRESS = /^(https?:\/\/[^/]+)?\/(t\d+(p\d+)?-[^#]*#\d+|viewtopic\?[^#]*t=\d+[^#]*#\d+)/;
  function answerOf(response) {
    // What the forum said: the new message's address (a link of its answer page, or where it redirected
    // to), flood control, or its own error message.
    var html = response.html;
    if (response.url && /^\/(t\d+(p\d+)?-|viewtopic\?)/.test(response.url.replace(location.origin, ""))) {
      return { url: response.url };  // redirected to the topic (a redirect carries no #message)
    }
    var doc = parse(html);
    var text = (doc.body ? doc.body.textContent : html).replace(/\s+/g, " ");
    var links = Array.prototype.slice.call(doc.querySelectorAll("a[href]"));
    for (var i = 0; i < links.length; i++) {
      var href = links[i].getAttribute("href");
      if (MESSAGE_ADDRESS.test(href)) {
        return { url: new URL(href, location.origin).href };
      }
    }
    if (PM_SENT.test(text)) return { sent: true };
    if (FLOOD.test(text)) {
      var seconds = /(\d+)\s*secondes?/i.exec(text);
      return { flood: true, wait: seconds ? Number(seconds[1]) : Number(C.floodWait || 30) };
    }
    var message = doc.querySelector(".box-content p, .message, .main-content p, p.center, .gen");
    return { error: (message ? message.textContent : text).replace(/\s+/g, " ").trim().slice(0, 300) };
  }

  // --- the panel --------------------------------------------------------------------------------
  var panel, status;
  function openPanel(title) {
    panel = el("div", "estrade-pont");
    panel.id = "estrade-pont";
    panel.setAttribute("role", "dialog");
    panel.style.cssText = "position:fixed;z-index:99999;top:1em;right:1em;max-width:34em;max-height:90vh;" +
      "overflow:auto;background:#fffdf6;color:#222;border:2px solid #7a5b2e;border-radius:8px;padding:1em;" +
      "font:14px/1.4 sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)";
    panel.appendChild(el("strong", "estrade-pont-title", "Estrade — " + title));
    status = el("p", "estrade-pont-status");
    status.setAttribute("role", "status");
    panel.appendChild(status);
    document.body.appendChild(panel);
    return panel;
  }
  function say(text, isError) {
    status.textContent = text;
    status.style.color = isError ? "#a00" : "";
    if (isError) status.setAttribute("data-error", "1"); else status.removeAttribute("data-error");
  }
  function button(label, className) {
    var b = el("button", className, label);
    b.type = "button";
    b.style.marginRight = "0.5em";
    panel.appendChild(b);
    return b;
  }
  function countdown(seconds, template) {
    var end = Date.now() + seconds * 1000;
    return new Promise(function (resolve) {
      (function tick() {
        var left = end - Date.now();
        say(template.replace("{s}", Math.max(0, Math.ceil(left / 1000))));
        if (left <= 0) return resolve();
        setTimeout(tick, Math.min(1000, left));
      })();
    });
  }
  function backLink(url) {
    if (!url || url.indexOf(C.base) !== 0) return;
    var a = el("a", "estrade-pont-back", "Retour au duel sur Estrade");
    a.href = url;
    panel.appendChild(el("p")).appendChild(a);
  }

  // --- a topic, a post, a declaration --------------------------------------------------------------
  function formUrl(job) {
    return job.action === "newtopic" ? "/post?f=" + job.forum + "&mode=newtopic" : "/post?t=" + job.topic + "&mode=reply";
  }
  function postOnce(job) {
    return formFields(formUrl(job)).then(function (form) {
      form.fields = setField(form.fields, "message", job.message);
      if (job.action === "newtopic") form.fields = setField(form.fields, "subject", job.subject);
      form.fields = setField(form.fields, "post", "Envoyer");
      return submit(form).then(answerOf);
    });
  }
  function publish(token, job) {
    openPanel(job.label);
    say("Aperçu exact du message qui sera posté depuis votre compte du forum :");
    var preview = el("pre", "estrade-pont-preview", (job.subject ? job.subject + "\n\n" : "") + job.message);
    preview.style.cssText = "white-space:pre-wrap;overflow-wrap:anywhere;max-height:40vh;overflow:auto;background:#f4efe2;padding:.5em";
    panel.appendChild(preview);
    var confirm = button("Publier sur le forum", "estrade-pont-confirm");
    var cancel = button("Annuler", "estrade-pont-cancel");
    cancel.onclick = function () { panel.remove(); };
    var postedUrl = null;  // once the forum took the message, only the report may be tried again
    function record() {
      say("Message posté. Enregistrement sur Estrade…");
      return estrade("/forum/api/report/", { token: token, url: postedUrl }).then(function (result) {
        if (!result.ok) throw new Error(result.data.message || "Estrade a refusé le compte rendu.");
        say("Publié sur le forum et noté sur Estrade.");
        panel.setAttribute("data-done", "1");
        var link = el("a", "estrade-pont-posted", "Voir le message");
        link.href = postedUrl;
        panel.appendChild(el("p")).appendChild(link);
        backLink(result.data.back);
      });
    }
    function failed(error) {
      say(error.message || String(error), true);
      if (postedUrl) {
        confirm.textContent = "Réessayer l'enregistrement sur Estrade";
        confirm.onclick = function () { confirm.disabled = true; record().catch(failed); };
      }
      confirm.disabled = cancel.disabled = false;
    }
    confirm.onclick = function () {
      confirm.disabled = cancel.disabled = true;
      say("Envoi au forum…");
      postOnce(job).then(function (answer) {
        if (!answer.flood) return answer;
        return countdown(answer.wait, "Le forum limite les messages rapprochés : nouvel essai dans {s} s…")
          .then(function () { return postOnce(job); });
      }).then(function (answer) {
        if (answer.flood) throw new Error("Le forum refuse encore (anti-flood) : réessayez dans un moment.");
        if (!answer.url) throw new Error("Réponse du forum : " + (answer.error || "inconnue"));
        postedUrl = answer.url;
        return record();
      }).catch(failed);
    };
  }

  // --- a batch of private messages --------------------------------------------------------------
  function sendPm(item) {
    return formFields("/privmsg?mode=post").then(function (form) {
      form.fields = setField(form.fields, "username[]", item.to);
      form.fields = setField(form.fields, "subject", item.subject);
      form.fields = setField(form.fields, "message", item.message);
      form.fields = setField(form.fields, "post", "Envoyer");
      return submit(form).then(answerOf);
    });
  }
  function batch(token, job) {
    openPanel(job.label);
    var todo = job.deliveries.slice();
    var done = job.sent;
    var progress = el("progress", "estrade-pont-progress");
    progress.max = job.total;
    progress.value = done;
    progress.style.width = "100%";
    panel.appendChild(progress);
    var count = el("p", "estrade-pont-count");
    panel.appendChild(count);
    var list = el("ul", "estrade-pont-recipients");
    var rows = {};
    todo.forEach(function (item) {
      var li = el("li", "", item.to);
      li.setAttribute("data-to", item.to);
      rows[item.id] = li;
      list.appendChild(li);
    });
    panel.appendChild(list);
    if (todo.length) {
      panel.appendChild(el("p", "", "Message (le premier) :"));
      var preview = el("pre", "estrade-pont-preview", todo[0].message);
      preview.style.cssText = "white-space:pre-wrap;overflow-wrap:anywhere;max-height:20vh;overflow:auto;background:#f4efe2;padding:.5em";
      panel.appendChild(preview);
    }
    var failures = el("ul", "estrade-pont-failures");
    var start = button("Envoyer " + todo.length + " MP", "estrade-pont-start");
    var pause = button("Pause", "estrade-pont-pause");
    pause.disabled = true;
    panel.appendChild(failures);
    var paused = false, stopped = false;
    function refresh() { progress.value = done; count.textContent = done + " / " + job.total + " envoyés"; }
    refresh();
    say(todo.length ? "Prêt à envoyer, un MP toutes les " + job.pace + " s." : "Tout est déjà envoyé.");
    pause.onclick = function () {
      paused = !paused;
      pause.textContent = paused ? "Reprendre" : "Pause";
      if (paused) say("En pause.");
    };
    function waitWhilePaused() {
      // data-paused: nothing is under way any more (the message being sent when « Pause » was clicked is done)
      if (!paused) { panel.removeAttribute("data-paused"); return Promise.resolve(); }
      panel.setAttribute("data-paused", "1");
      say("En pause.");
      return sleep(200).then(waitWhilePaused);
    }
    function report(item, ok, error) {
      return estrade("/forum/api/delivery/", { token: token, delivery: item.id, ok: ok, error: error || "" })
        .then(function (result) {
          if (!result.ok) { stopped = true; throw new Error(result.data.message || "Estrade a refusé le compte rendu."); }
        });
    }
    function one(item) {
      say("Envoi à " + item.to + "…");
      return sendPm(item).then(function (answer) {
        if (!answer.flood) return answer;
        return countdown(answer.wait, "Le forum limite les MP rapprochés : nouvel essai dans {s} s…")
          .then(function () { return sendPm(item); });
      }).then(function (answer) {
        if (answer.sent || answer.url) {
          done += 1;
          rows[item.id].textContent = "✓ " + item.to;
          rows[item.id].setAttribute("data-sent", "1");
          refresh();
          return report(item, true);
        }
        var message = answer.flood ? "Anti-flood du forum : réessayez plus tard." : (answer.error || "Échec");
        rows[item.id].textContent = "✗ " + item.to;
        var failure = el("li", "", item.to + " : " + message);
        failure.setAttribute("data-failed", item.to);
        failures.appendChild(failure);
        return report(item, false, message);
      });
    }
    start.onclick = function () {
      start.disabled = true;
      pause.disabled = false;
      var index = 0;
      (function next() {
        if (stopped) return;
        if (index >= todo.length) {
          pause.disabled = true;
          panel.setAttribute("data-done", "1");
          say("Terminé : " + done + " / " + job.total + " envoyés.");
          return;
        }
        var item = todo[index];
        index += 1;
        waitWhilePaused().then(function () { return one(item); }).then(function () {
          if (index >= todo.length) return;
          return countdown(job.pace, "Prochain MP dans {s} s…").then(waitWhilePaused);
        }).then(next).catch(function (error) { say(error.message || String(error), true); });
      })();
    };
  }

  // --- start ------------------------------------------------------------------------------------
  var cupStarted = false;
  function start() {
    if (!cupStarted && window.EstradePontCup) {
      cupStarted = true;
      window.EstradePontCup({ C: C, el: el, estrade: estrade });
    }
    var match = /(?:^#|&)estrade=([^&]+)/.exec(location.hash);
    if (match) {
      if (panel) panel.remove();
      var token = decodeURIComponent(match[1]);
      history.replaceState(null, "", location.pathname + location.search);  // the token leaves the address bar
      estrade("/forum/api/job/", { token: token }).then(function (result) {
        if (!result.ok) { openPanel("pont du forum"); say(result.data.message || "Refusé.", true); return; }
        C.floodWait = result.data.flood_wait;
        if (result.data.kind === "batch") batch(token, result.data); else publish(token, result.data);
      }).catch(function () { openPanel("pont du forum"); say("Estrade ne répond pas. Réessayez plus tard.", true); });
      return;
    }
    var topic = /^\/t(\d+)(p\d+)?-/.exec(location.pathname);
    if (topic && window.EstradePontLive) window.EstradePontLive(topic[1], { C: C, el: el, estrade: estrade });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
  window.addEventListener("hashchange", function () { if (/estrade=/.test(location.hash)) start(); });
})();
