// Estrade's bridge for Forumactif, the house cup in the forum's header (served with pont.js, which calls it
// on every page): a compact band at the top of the page with each house's crest, name and total for the
// cup's current period, the leader first, and a link to the cup's page. Refreshed every minute while the
// page is visible. If Estrade does not answer within 3 s, or answers an error, the page stays exactly as it
// was (no band, no message); a later failed refresh keeps the band as it was. Estrade data is inserted as
// text, never as HTML; a house's colour is used only when it reads #rrggbb.
// The forum may set, before the loader: window.ESTRADE_COUPE = {selector: "#mon-entete", refreshMs: 60000}
// (the band goes first inside the first element `selector` matches), or {off: true} for no band.
window.EstradePontCup = function (tools) {
  "use strict";
  var C = tools.C, el = tools.el, estrade = tools.estrade;
  var own = window.ESTRADE_COUPE || {};
  if (own.off) return;
  var COLOUR = /^#[0-9a-fA-F]{6}$/;
  var selector = own.selector || C.cupSelector || "#page-body, #content-container, #wrap, .bodyline";
  var refreshMs = Math.max(Number(own.refreshMs) || C.refreshMs || 60000, 500);
  var band = null;

  function house(h) {
    var item = el("li", "estrade-cup-house");
    var colour = COLOUR.test(String(h.colour)) ? h.colour : "#7a5b2e";
    item.style.cssText = "display:inline-flex;align-items:center;gap:.3em;margin:0;padding:.15em .5em;" +
      "border-left:.35em solid " + colour + ";background:#fff;border-radius:3px;white-space:nowrap";
    item.setAttribute("data-house", String(h.name));
    if (h.crest) item.appendChild(el("span", "estrade-cup-crest", h.crest)).setAttribute("aria-hidden", "true");
    item.appendChild(el("span", "estrade-cup-name", h.name));
    item.appendChild(el("strong", "estrade-cup-total", Number(h.total) || 0));  // dark: yellow on white reads badly
    return item;
  }
  function render(data) {
    if (!data || !Array.isArray(data.houses) || !data.houses.length) return;
    var fresh = el("div", "estrade-cup");
    fresh.id = "estrade-cup";
    fresh.setAttribute("role", "region");
    fresh.setAttribute("aria-label", "Coupe des maisons");
    fresh.style.cssText = "display:flex;flex-wrap:wrap;align-items:center;gap:.4em .8em;margin:0 0 .5em;" +
      "padding:.35em .6em;background:#f4efe2;color:#222;border:1px solid #7a5b2e;border-radius:6px;" +
      "font:13px/1.4 sans-serif;box-sizing:border-box;max-width:100%";
    var title = el("a", "estrade-cup-link", "Coupe des maisons");
    title.style.cssText = "font-weight:bold;color:#5a3d14";
    if (typeof data.url === "string" && data.url.indexOf(C.base + "/") === 0) title.href = data.url;
    fresh.appendChild(title);
    var list = el("ol", "estrade-cup-houses");
    list.style.cssText = "display:flex;flex-wrap:wrap;gap:.4em;list-style:none;margin:0;padding:0";
    data.houses.forEach(function (h) { list.appendChild(house(h)); });
    fresh.appendChild(list);
    if (band) { band.replaceWith(fresh); } else {
      var host = null;
      try { host = document.querySelector(selector); } catch (e) { host = null; }  // a mistyped selector
      host = host || document.body;
      if (!host) return;
      host.insertBefore(fresh, host.firstChild);
    }
    band = fresh;
  }
  function load() {
    estrade("/coupe/bandeau/", null, C.timeoutMs || 3000).then(function (result) {
      if (result.ok) render(result.data);
    }).catch(function () { /* Estrade away: the page stays exactly as it was */ });
  }
  load();
  setInterval(function () { if (document.visibilityState === "visible") load(); }, refreshMs);
};
