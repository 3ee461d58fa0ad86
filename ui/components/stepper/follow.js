// Tells the server where a stepped chart's own slider (ui/charts/stepped.py) now stands, without
// redrawing anything: a step is drawn by the chart; `pause` ms after the last one the index is sent
// as the state value "step", {index, now: false, at: a stamp that tells a new report from an old
// one}. When the user presses anything else first (a button that needs the value, a tab), it is
// sent at once with now: true, so that the click's own run reads it: that click's fragment rerun
// may then be lost in the browser, so the server reruns the whole page (see LEARNED.md).
// The slider shows the value it stands for (labels[step], "= 0.5") and its range's ends (the number
// Vega writes beside it is the frame's index, hidden by the page's CSS), as Streamlit's own sliders
// do; its aria-valuetext says the value. They are written again whenever the chart is drawn anew.
// Charts in containers matching `followers` have their slider hidden and take each step at once.
// A partial chart (its other frames not computed yet) sends its step `pause` ms after the last one
// with now: true: the server then reruns the page with every frame. The last step made on a partial
// chart is remembered (per chart, on the window): if the new chart opens elsewhere (a step made
// while that rerun ran never reached the server), it is made again there.
// data: {chart: CSS selector of the chart's container, followers: CSS selector, labels: [...], pause: ms,
//        partial: bool}
export default function ({ data, setStateValue }) {
  let timer = null;
  let pending = null;
  const steps = (window.__dpxSteps ??= {}); // chart -> {step, at, input}: the last step on a partial chart
  const slider = (target) =>
    target && target.closest && target.type === "range" && target.closest(data.chart) ? target : null;
  const shown = (input) => {
    const text = data.labels[Number(input.value)] ?? input.value;
    input.setAttribute("aria-valuetext", text);
    const value = input.parentElement && input.parentElement.querySelector(".dpx-value");
    if (value && value.textContent !== `= ${text}`) value.textContent = `= ${text}`; // else no mutation
  };
  const part = (name, text) => {
    const span = document.createElement("span");
    span.className = name;
    span.textContent = text;
    span.setAttribute("aria-hidden", "true"); // the slider's name stays its label; aria-valuetext says the value
    return span;
  };
  const decorate = () => {
    const inputs = [...document.querySelectorAll(`${data.chart} .vega-bind input[type=range]`)];
    // looked at once, when the chart with every frame is drawn (a new input, not the partial chart's)
    const kept = steps[data.chart];
    const last = data.partial || !inputs.length || inputs.includes(kept?.input) ? null : kept;
    if (last) delete steps[data.chart];
    for (const input of inputs) {
      if (last && Date.now() - last.at < 10000 && input.value !== String(last.step)) {
        input.value = String(last.step); // the step the server never heard of, made on the new chart
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
      if (!input.parentElement.querySelector(".dpx-value")) {
        input.parentElement.append(part("dpx-value", ""), part("dpx-min", data.labels[0]),
          part("dpx-max", data.labels[data.labels.length - 1]));
      }
      shown(input);
    }
  };
  // the chart may be drawn after this component, and again when its spec changes
  let watched = null;
  const observer = new MutationObserver(() => {
    watch();
    decorate();
  });
  const watch = () => {
    const target = document.querySelector(data.chart) || document.body;
    if (target === watched) return;
    observer.disconnect();
    observer.observe(target, { childList: true, subtree: true });
    watched = target;
  };
  const flush = (now) => {
    clearTimeout(timer);
    if (pending === null) return;
    const index = pending;
    pending = null;
    setStateValue("step", { index, now, at: Date.now() + Math.random() });
  };
  const moved = (event) => {
    const input = slider(event.target);
    if (!input) return;
    const step = Number(input.value);
    shown(input);
    for (const other of document.querySelectorAll(`${data.followers} .vega-bind input[type=range]`)) {
      if (other.value === input.value) continue;
      other.value = input.value;
      other.dispatchEvent(new Event("input", { bubbles: true }));
    }
    pending = step;
    if (data.partial) steps[data.chart] = { step, at: Date.now(), input };
    clearTimeout(timer);
    timer = setTimeout(() => flush(Boolean(data.partial)), data.pause);
  };
  const elsewhere = (event) => {
    if (!(event.target.closest && event.target.closest(data.chart))) flush(true);
  };
  document.addEventListener("input", moved, true);
  document.addEventListener("pointerdown", elsewhere, true);
  watch();
  decorate();
  return () => {
    observer.disconnect();
    document.removeEventListener("input", moved, true);
    document.removeEventListener("pointerdown", elsewhere, true);
    flush(true);
  };
}
