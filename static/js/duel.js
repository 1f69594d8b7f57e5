/* Duel pages: live word count (the server decides), countdown, "copy for the forum", clicking a stage
   zone to move, and the costs of the move after the cast. No build step. */
(function () {
  "use strict";
  var TRAILING_BOLD = /\[b\](?:(?!\[b\])[\s\S])*\[\/b\]\s*$/i;
  var TAG = /\[\/?[a-zA-Z*][a-zA-Z0-9*]*(?:=[^\]]*)?\]/g;
  var WORD = /[\p{L}\p{N}]/u;

  function wordCount(text) { // mirrors duels.services.posting.rp_word_count
    text = (text || "").replace(TRAILING_BOLD, " ").replace(TAG, " ");
    return text.split(/\s+/).filter(function (t) { return WORD.test(t); }).length;
  }

  function updateCount(area) {
    var out = document.getElementById(area.getAttribute("aria-describedby"));
    if (!out) return;
    var min = parseInt(area.dataset.minWords, 10), n = wordCount(area.value);
    out.querySelector("[data-count]").textContent = n;
    out.classList.toggle("short", n < min);
    out.classList.toggle("enough", n >= min);
  }

  function tick() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var s = Math.max(0, Math.floor((new Date(el.dataset.deadline) - new Date()) / 1000));
      var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
      el.textContent = s === 0 ? el.dataset.late : (h >= 48 ? Math.floor(h / 24) + " j " + (h % 24) + " h" : h ? h + " h " + String(m).padStart(2, "0") + " min" : m + " min");
    });
  }

  function afterCosts(form) { // the move after the cast starts where the move before ends
    var data = document.getElementById("after-costs");
    if (!data) return;
    var table = JSON.parse(data.textContent);
    var here = form.querySelector(".zone-picker[data-picker=move_before] .zone-choice.here input");
    var before = form.querySelector("input[name=move_before]:checked");
    var from = before && before.value ? before.value : (here ? here.value : null);
    var costs = table[from] || {};
    var picker = form.querySelector(".zone-picker[data-picker=move_after]");
    if (!picker) return;
    picker.querySelectorAll(".zone-choice[data-zone-choice]").forEach(function (label) {
      var zone = label.dataset.zoneChoice, input = label.querySelector("input"), cost = costs[zone];
      input.disabled = cost === undefined;
      if (input.disabled) input.checked = false;
      label.querySelector(".cost").textContent = zone === from ? picker.dataset.here : (cost === undefined ? "—" : cost + " PF");
      label.classList.toggle("here", zone === from);
    });
  }

  document.addEventListener("input", function (e) {
    if (e.target.matches("textarea[data-min-words]")) updateCount(e.target);
  });
  document.addEventListener("change", function (e) {
    var form = e.target.closest("[data-post-form]");
    if (form && e.target.name === "move_before") afterCosts(form);
  });
  document.addEventListener("click", function (e) {
    var copy = e.target.closest("[data-copy]");
    if (copy) {
      var area = copy.parentElement.querySelector("textarea");
      area.select();
      var done = function () { copy.parentElement.querySelector(".copied").textContent = copy.dataset.copied; };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(area.value).then(done, done);
      else { document.execCommand("copy"); done(); }
      return;
    }
    var zone = e.target.closest(".stage [data-zone]");
    if (zone) { // clicking a stage zone picks it as the move (before the cast)
      var input = document.querySelector("input[name=move_before][value='" + zone.dataset.zone + "']:not(:disabled)");
      if (input) { input.checked = true; input.dispatchEvent(new Event("change", { bubbles: true })); input.focus(); }
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("textarea[data-min-words]").forEach(updateCount);
    document.querySelectorAll("[data-post-form]").forEach(afterCosts);
    var refused = document.getElementById("post-error");
    if (refused) { refused.scrollIntoView({ block: "center" }); refused.focus(); }
    tick();
    setInterval(tick, 30000);
  });
  document.addEventListener("htmx:afterSwap", tick);
})();
