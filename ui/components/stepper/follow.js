// Tells the server where a stepped chart's own slider (ui/charts/stepped.py) now stands, without
// redrawing anything: a step is drawn by the chart; `pause` ms after the last one (or at once when
// the user clicks anywhere else, say a button that needs the value) the index is sent as the state
// value "step". The slider's aria-valuetext says the value it stands for (labels[step]).
// Charts in containers matching `followers` have their slider hidden and take each step at once.
// data: {chart: CSS selector of the chart's container, followers: CSS selector, labels: [...], pause: ms}
export default function ({ data, setStateValue }) {
  let timer = null;
  let pending = null;
  const slider = (target) =>
    target && target.closest && target.type === "range" && target.closest(data.chart) ? target : null;
  const flush = () => {
    clearTimeout(timer);
    if (pending === null) return;
    const step = pending;
    pending = null;
    setStateValue("step", step);
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
    timer = setTimeout(flush, data.pause);
  };
  const elsewhere = (event) => {
    if (!(event.target.closest && event.target.closest(data.chart))) flush();
  };
  document.addEventListener("input", moved, true);
  document.addEventListener("pointerdown", elsewhere, true);
  return () => {
    document.removeEventListener("input", moved, true);
    document.removeEventListener("pointerdown", elsewhere, true);
    flush();
  };
}
