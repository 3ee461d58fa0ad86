// Tells the server where a stepped chart's own slider (ui/charts/stepped.py) now stands, without
// redrawing anything: a step is drawn by the chart; `pause` ms after the last one the index is sent
// as the state value "step", {index, now: false, at: a stamp that tells a new report from an old
// one}. When the user presses anything else first (a button that needs the value, a tab), it is
// sent at once with now: true, so that the click's own run reads it: that click's fragment rerun
// may then be lost in the browser, so the server reruns the whole page (see LEARNED.md).
// The slider's aria-valuetext says the value it stands for (labels[step]).
// Charts in containers matching `followers` have their slider hidden and take each step at once.
// data: {chart: CSS selector of the chart's container, followers: CSS selector, labels: [...], pause: ms}
export default function ({ data, setStateValue }) {
  let timer = null;
  let pending = null;
  const slider = (target) =>
    target && target.closest && target.type === "range" && target.closest(data.chart) ? target : null;
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
    input.setAttribute("aria-valuetext", data.labels[step] ?? input.value);
    for (const other of document.querySelectorAll(`${data.followers} .vega-bind input[type=range]`)) {
      if (other.value === input.value) continue;
      other.value = input.value;
      other.dispatchEvent(new Event("input", { bubbles: true }));
    }
    pending = step;
    clearTimeout(timer);
    timer = setTimeout(() => flush(false), data.pause);
  };
  const elsewhere = (event) => {
    if (!(event.target.closest && event.target.closest(data.chart))) flush(true);
  };
  document.addEventListener("input", moved, true);
  document.addEventListener("pointerdown", elsewhere, true);
  return () => {
    document.removeEventListener("input", moved, true);
    document.removeEventListener("pointerdown", elsewhere, true);
    flush(true);
  };
}
