// Every plain form that posts (sign in, sign out, the account page): once sent, its button
// is disabled and says "Sending…" until the next page comes, so a double click posts once.
// A page brought back by the browser's Back button gets its buttons back.
import {sendingWord} from "/static/common.js";

document.addEventListener("submit", event => {
  const form = event.target;
  if (!form.matches('form[method="post"]') || event.defaultPrevented) return;
  if (form.dataset.sent) { event.preventDefault(); return; }
  form.dataset.sent = "yes";
  const button = event.submitter || form.querySelector('[type="submit"]');
  if (!button) return;
  button.dataset.label = button.textContent;
  button.textContent = sendingWord();
  button.setAttribute("aria-busy", "true");
  button.disabled = true;   // the button has no name: the form's data is the same without it
});

window.addEventListener("pageshow", () => document.querySelectorAll("form[data-sent]").forEach(form => {
  delete form.dataset.sent;
  form.querySelectorAll("[aria-busy]").forEach(button => {
    button.textContent = button.dataset.label;
    button.removeAttribute("aria-busy");
    button.disabled = false;
  });
}));
