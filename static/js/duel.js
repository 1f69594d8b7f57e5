/* Duel pages: live word count (the server decides), countdown, "copy for the forum", clicking a stage
   zone to move, the costs of the move after the cast, distances and reach recomputed after the move
   before the cast (from the positions the page carries: the server still decides), and drafts kept in
   localStorage per duel and phase until the post is accepted. No build step. */
(function () {
  "use strict";
  var TRAILING_BOLD = /\[b\](?:(?!\[b\])[\s\S])*\[\/b\]\s*$/i;
  var TAG = /\[\/?[a-zA-Z*][a-zA-Z0-9*]*(?:=[^\]]*)?\]/g;
  var WORD = /[\p{L}\p{N}]/u;
  var URL_TOKEN = /:\/\/|^[^\p{L}\p{N}]*www\./iu; // an address is not prose

  function dropImages(text) { // [img]…[/img] with its address, in one pass (no backtracking)
    var opening = /\[img(?=[=\]])/gi, closing = /\[\/img\]/gi, out = "", last = 0, found;
    while ((found = opening.exec(text))) {
      var after = found.index + 4, openEnd = -1;
      if (text.charAt(after) === "]") openEnd = after + 1;
      else { var bracket = text.indexOf("]", after + 1); if (bracket !== -1) openEnd = bracket + 1; }
      if (openEnd === -1) continue;
      closing.lastIndex = openEnd;
      var end = closing.exec(text);
      if (!end) break; // no closing tag left: no later image closes either
      out += text.slice(last, found.index) + " ";
      last = opening.lastIndex = end.index + end[0].length;
    }
    return out + text.slice(last);
  }

  function wordCount(text) { // mirrors duels.services.posting.rp_word_count
    text = dropImages((text || "").replace(TRAILING_BOLD, " ")).replace(TAG, " ");
    return text.split(/\s+/).filter(function (t) { return WORD.test(t) && !URL_TOKEN.test(t); }).length;
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

  function castFrom(form) { // where the caster stands when the spell leaves the wand
    var before = form.querySelector("input[name=move_before]:checked");
    return parseInt(before && before.value ? before.value : form.dataset.here, 10);
  }

  function reach(form) { // RULES.md §4.1 step 3: distance = |caster − target| ≤ range; a summon needs a free zone
    var pos = castFrom(form);
    form.querySelectorAll(".cast-card").forEach(function (card) {
      var range = parseInt(card.dataset.range, 10), any = card.hasAttribute("data-self-target");
      card.querySelectorAll("select[data-reach-select]").forEach(function (select) {
        var summon = select.hasAttribute("data-summon");
        select.querySelectorAll("option[data-pos]").forEach(function (option) {
          var at = parseInt(option.dataset.pos, 10), d = Math.abs(pos - at);
          var occupied = summon && (option.hasAttribute("data-occupied") || at === pos); // RULES.md §7 summon
          var ok = option.hasAttribute("data-self") || (d <= range && !occupied);
          any = any || ok;
          option.textContent = option.dataset.label + " · " + form.dataset.tDistance.replace("__D__", d) + ", " +
            (ok ? form.dataset.tIn : (occupied ? form.dataset.tOccupied : form.dataset.tOut)) +
            (option.dataset.warn ? " ⚠ " + option.dataset.warn : "");
          option.dataset.inReach = ok ? "1" : "0";
        });
      });
      card.classList.toggle("out-of-reach", !any);
      var warn = card.querySelector(".no-reach");
      if (warn) warn.hidden = any;
    });
  }

  // --- drafts: kept per duel and phase until the post is accepted (then the form is gone) ---
  function draftKey(form) { return form.dataset.draftKey; }

  function draftSave(form) {
    var fields = [];
    form.querySelectorAll("input[type=radio]:checked, select").forEach(function (el) {
      fields.push([el.name, el.value]);
    });
    var text = form.querySelector("textarea[name=rp_text]");
    try {
      localStorage.setItem(draftKey(form), JSON.stringify({ text: text ? text.value : "", fields: fields }));
    } catch (err) { /* storage full or disabled: the form still works */ }
  }

  function draftRestore(form) {
    var text = form.querySelector("textarea[name=rp_text]"), raw = null;
    if (!text || text.value.trim() || document.getElementById("post-error")) return; // the server's copy wins
    try { raw = localStorage.getItem(draftKey(form)); } catch (err) { return; }
    if (!raw) return;
    var draft;
    try { draft = JSON.parse(raw); } catch (err) { return; }
    text.value = draft.text || "";
    (draft.fields || []).forEach(function (pair) {
      var name = pair[0], value = pair[1];
      form.querySelectorAll("[name='" + CSS.escape(name) + "']").forEach(function (el) {
        if (el.type === "radio") { if (el.value === value && !el.disabled) el.checked = true; }
        else if (el.tagName === "SELECT" && el.querySelector("option[value='" + CSS.escape(value) + "']")) el.value = value;
      });
    });
    form.classList.add("draft-restored");
  }

  function draftsPrune() { // drafts of phases this page no longer offers (posted or over) are dropped
    var mark = document.querySelector("[data-draft-prefix]");
    if (!mark) return;
    var prefix = mark.dataset.draftPrefix, keep = mark.dataset.draftCurrent || "";
    try {
      Object.keys(localStorage).forEach(function (key) {
        if (key.indexOf(prefix) === 0 && key !== keep) localStorage.removeItem(key);
      });
    } catch (err) { /* storage disabled */ }
  }

  document.addEventListener("input", function (e) {
    if (e.target.matches("textarea[data-min-words]")) updateCount(e.target);
    var form = e.target.closest("[data-post-form]");
    if (form) draftSave(form);
  });
  document.addEventListener("change", function (e) {
    var form = e.target.closest("[data-post-form]");
    if (!form) return;
    if (e.target.name === "move_before") { afterCosts(form); reach(form); }
    draftSave(form);
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
    draftsPrune();
    document.querySelectorAll("[data-post-form]").forEach(function (form) {
      draftRestore(form);
      afterCosts(form);
      reach(form);
    });
    document.querySelectorAll("textarea[data-min-words]").forEach(updateCount);
    var refused = document.getElementById("post-error") || document.getElementById("types-error");
    if (refused) { refused.scrollIntoView({ block: "center" }); refused.setAttribute("tabindex", "-1"); refused.focus(); }
    tick();
    setInterval(tick, 30000);
  });
  document.addEventListener("htmx:afterSwap", tick);
})();
