// The sentences that read a stepped chart (ui/charts/stepped.py), for the frame its slider shows:
// swapped in the browser on every step, with the chart (blocks.js draws them).
// data: {chart: CSS selector of the chart's container, steps: [[[kind, content], ...], ...], start}
export default function ({ data, parentElement }) {
  const root = parentElement.querySelector(".reading");
  const show = (step) => root.replaceChildren(...blocks(data.steps[step] || []));
  show(data.start);
  const moved = (event) => {
    const target = event.target;
    if (target && target.closest && target.type === "range" && target.closest(data.chart)) show(Number(target.value));
  };
  document.addEventListener("input", moved);
  return () => document.removeEventListener("input", moved);
}
