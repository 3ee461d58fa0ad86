// Presentation mode's keys (ui/components/lesson_keys): PageDown, Space and ArrowRight press the
// lesson bar's Next button, PageUp and ArrowLeft its Back button, whatever has the focus (a slider,
// a chart's own slider, a radio group), except a box being typed in and an open list or dialog.
// Heard on the window in the capture phase, before the focused element or React see them.
// Also shows only the named blocks of a step's readings (their sentences sit in shadow roots).
// data: {back: key, next: key, readings: {key: [block numbers from 1]}}
const TYPED = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "time",
  "datetime-local", "month", "week"]);
const NEXT = new Set(["PageDown", " ", "Spacebar", "ArrowRight"]);
const BACK = new Set(["PageUp", "ArrowLeft"]);
const MARK = "data-dpx-stage";

function typing(element) {
  if (!element || element.nodeType !== 1) return false;
  if (element.isContentEditable || element.tagName === "TEXTAREA" || element.tagName === "SELECT") return true;
  if (element.tagName === "INPUT" && (TYPED.has(element.type) || element.getAttribute("role") === "combobox")) return true;
  return Boolean(element.closest("[role=listbox], [role=menu], [role=dialog]"));
}

export default function ({ data }) {
  window.__dpxLessonKeys?.();  // another step's listeners, if the page kept them: never two at once
  const onKey = (event) => {
    const next = NEXT.has(event.key), back = BACK.has(event.key);
    if (!(next || back) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.composedPath()[0])) return;
    event.preventDefault();  // no slider step, no scroll, no press of a focused button by Space
    event.stopImmediatePropagation();
    if (event.type !== "keydown" || event.repeat) return;
    const button = document.querySelector(`.st-key-${back ? data.back : data.next} button`);
    if (button && !button.disabled) button.click();
  };
  window.addEventListener("keydown", onKey, true);
  window.addEventListener("keyup", onKey, true);  // a focused button's Space press happens on keyup

  const readings = Object.entries(data.readings || {});
  const watched = new WeakSet();
  const show = () => {
    for (const [key, blocks] of readings) {
      for (const host of document.querySelectorAll(`.st-key-${key} *`)) {
        const root = host.shadowRoot;
        if (!root) continue;
        if (!watched.has(root)) {  // the component may write its shadow root again
          watched.add(root);
          observer.observe(root, { childList: true });
        }
        if (root.querySelector(`style[${MARK}]`)) continue;
        const style = document.createElement("style");
        style.setAttribute(MARK, "");
        style.textContent = `.reading > :not(${blocks.map((n) => `:nth-child(${n})`).join(", ")}) { display: none; }`;
        root.appendChild(style);
      }
    }
  };
  let pending = 0;  // a chart's redraw changes many nodes: look once a frame
  const observer = new MutationObserver(() => { if (!pending) pending = requestAnimationFrame(() => { pending = 0; show(); }); });
  if (readings.length) {
    observer.observe(document.body, { childList: true, subtree: true });
    show();
  }
  const cleanup = () => {
    window.removeEventListener("keydown", onKey, true);
    window.removeEventListener("keyup", onKey, true);
    observer.disconnect();
    cancelAnimationFrame(pending);
    if (window.__dpxLessonKeys === cleanup) delete window.__dpxLessonKeys;
  };
  window.__dpxLessonKeys = cleanup;
  return cleanup;
}
