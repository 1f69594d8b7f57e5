/* The control panel's menu is a strip that scrolls sideways on a phone: show the page being read. */
(function () {
  var current = document.querySelector(".panel-menu [aria-current=page]");
  if (current && current.scrollIntoView) { current.scrollIntoView({block: "nearest", inline: "center"}); }
})();
