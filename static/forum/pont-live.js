// Estrade's bridge for Forumactif, the live duel in its topic (served with pont.js, which calls it on a
// topic page): above the first message a compact panel (stage image, PF/PM, who must post and until
// when, « Jouer sur Estrade »), refreshed every minute while the page is visible. If Estrade does not
// answer within 3 s, the page stays exactly as it was. Estrade data is inserted as text, never as HTML.
window.EstradePontLive = function (topicId, tools) {
  "use strict";
  var C = tools.C, el = tools.el, estrade = tools.estrade;
  var box = null;
  function render(data) {
    var fresh = el("div", "estrade-live");
    fresh.id = "estrade-live";
    fresh.style.cssText = "border:1px solid #7a5b2e;border-radius:6px;padding:.5em;margin:.5em 0;background:#fffdf6;color:#222";
    fresh.appendChild(el("strong", "", "Duel n°" + data.duel + " — tour " + data.turn + " — " + data.status));
    if (data.stage_image && data.stage_image.indexOf(C.base) === 0) {
      var img = el("img", "estrade-live-stage");
      img.src = data.stage_image;
      img.alt = "L'estrade";
      img.style.cssText = "display:block;max-width:100%;margin:.3em 0";
      fresh.appendChild(img);
    }
    var points = el("ul", "estrade-live-duellists");
    data.duellists.forEach(function (d) {
      points.appendChild(el("li", "", d.name + " : " + d.pf + "/" + d.pf_max + " PF, " + d.pm + "/" + d.pm_max + " PM" + (d.out ? " (hors combat)" : "")));
    });
    fresh.appendChild(points);
    if (data.expected.length) {
      fresh.appendChild(el("p", "estrade-live-turn", "À jouer : " + data.expected.map(function (e) {
        return e.name + " (avant le " + e.until + ")";
      }).join(", ")));
    }
    if (data.url && data.url.indexOf(C.base) === 0) {
      var play = el("a", "estrade-live-play", "Jouer sur Estrade");
      play.href = data.url;
      fresh.appendChild(play);
    }
    if (box) { box.replaceWith(fresh); } else {
      var first = document.querySelector(C.firstPost || ".post, .postbody, .post-container");
      if (!first) return;
      first.parentNode.insertBefore(fresh, first);
    }
    box = fresh;
  }
  var timer = null;
  function load() {
    estrade("/forum/api/live/" + topicId + "/", null, C.timeoutMs || 3000).then(function (result) {
      if (result.ok) render(result.data);
      else if (!box && timer) clearInterval(timer);  // not a duel's topic: ask no more
    }).catch(function () { /* Estrade away: the page stays exactly as it was */ });
  }
  load();
  timer = setInterval(function () { if (document.visibilityState === "visible") load(); }, C.refreshMs || 60000);
};
