// The duel page: a « sur le forum » link beside each post and declaration already in the forum topic,
// also in the phases HTMX brings in later (an unfolded older phase, the poll's updates).
(function () {
  "use strict";
  function addLinks() {
    document.querySelectorAll("[data-forum-anchor][data-forum-url]").forEach(function (row) {
      var target = document.getElementById(row.getAttribute("data-forum-anchor"));
      if (!target || target.querySelector(".on-forum")) return;
      var link = document.createElement("a");
      link.className = "on-forum";
      link.href = row.getAttribute("data-forum-url");
      link.rel = "noopener";
      link.textContent = row.querySelector(".on-forum").textContent;
      (target.querySelector("header") || target).appendChild(link);
    });
  }
  addLinks();
  document.addEventListener("htmx:load", addLinks);
})();
