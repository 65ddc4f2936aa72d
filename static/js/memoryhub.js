// The little the pages need that HTMX does not do: Enter sends, a message over the limit is
// held back, a sent message clears the box, the conversation follows new text, and short notices
// after an action. Hooked by data-* attributes and htmx events: the Content Security Policy allows
// no inline script or handler (docs/configuration.md, "Security").
(function () {
  "use strict";

  document.addEventListener("keydown", function (event) {
    var field = event.target;
    if (!(field instanceof HTMLTextAreaElement) || !field.hasAttribute("data-send-on-enter")) return;
    if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    if (field.value.trim() && field.form) field.form.requestSubmit();
  });

  // A message over the limit is held back before it is sent, and the page says by how much: a
  // maxlength would cut a long paste short without a word. Counted as the server counts.
  function lengthCheck(field) {
    var limit = parseInt(field.getAttribute("data-max-length"), 10);
    var note = document.getElementById(field.getAttribute("data-length-note"));
    var length = Array.from(field.value.trim()).length;
    var warning = length > limit
      ? "Too long to send: " + length.toLocaleString("en") + " characters, at most " +
        limit.toLocaleString("en") + "."
      : "";
    field.setCustomValidity(warning);  // the form refuses to submit while it is set
    if (note) { note.textContent = warning; note.hidden = !warning; }
  }
  document.addEventListener("input", function (event) {
    var field = event.target;
    if (field instanceof HTMLTextAreaElement && field.hasAttribute("data-max-length")) lengthCheck(field);
  });

  // A form marked data-reset-on-success is emptied once its request succeeded and was not
  // retargeted (a refusal is swapped elsewhere, HX-Retarget), and its error note is cleared.
  // Here rather than in hx-on: htmx runs hx-on through Function(), which the CSP forbids.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-reset-on-success")) return;
    if (!event.detail.successful || event.detail.xhr.getResponseHeader("HX-Retarget")) return;
    form.reset();
    var note = document.getElementById(form.getAttribute("data-reset-on-success"));
    if (note) note.textContent = "";
  });

  function followConversation() {
    var list = document.getElementById("messages");
    if (list) list.scrollTop = list.scrollHeight;
    var empty = document.getElementById("no-messages");
    if (empty && list && list.children.length > 1) empty.remove();
  }
  document.addEventListener("htmx:afterSwap", followConversation);
  document.addEventListener("htmx:oobAfterSwap", followConversation);
  document.addEventListener("htmx:sseMessage", function (event) {
    followConversation();
    var bubble = event.target.closest(".message.pending");
    if (!bubble) return;
    if (event.detail.type === "replace") {
      var streamed = bubble.querySelector('[sse-swap="token"]');
      var whole = bubble.querySelector('[sse-swap="replace"]');
      if (streamed) streamed.remove();
      if (whole) whole.hidden = false;
    }
  });
  document.addEventListener("htmx:sseClose", function (event) {
    var bubble = event.target.closest(".message.pending");
    if (bubble) { bubble.classList.remove("pending"); bubble.removeAttribute("aria-busy"); }
  });
  document.addEventListener("DOMContentLoaded", followConversation);

  // A refusal meant for the page (429: too many messages) carries its own target: show it there.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr.status === 429 && xhr.getResponseHeader("HX-Retarget")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // Server events (HX-Trigger) carry a short message for a live region.
  function notify(event) {
    var text = event.detail && event.detail.message;
    var toast = document.getElementById("toast");
    if (!text || !toast) return;
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(notify.timer);
    notify.timer = setTimeout(function () { toast.hidden = true; }, 4000);
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.body.addEventListener("memoryChanged", notify);
    document.body.addEventListener("sessionStarted", function (event) {
      var list = document.getElementById("messages");
      if (list) list.innerHTML = "";
      notify(event);
    });
  });
})();
