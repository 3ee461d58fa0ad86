// The planner's weights or target accuracies: one number input per statistic, and under them the
// sentences and table they give (blocks.js). A changed number is sent at once (Enter or leaving
// the box) with the statistics' ids; only this component and its fragment rerun. With `chart` (a
// CSS selector of the accuracy chart's container), every keystroke is also copied into the hidden
// input Vega made for that statistic's target (named target_<slot>), whether the chart mounts
// before or after the inputs: the chart places its point without the server.
// data: {names: [...], uids: [...], values: [number | null], placeholder, min, step, blocks, chart}
function number(text) {
  const value = text.trim() === "" ? NaN : Number(text);
  return Number.isFinite(value) ? value : null;
}

export default function ({ data, setStateValue, parentElement }) {
  const root = parentElement.querySelector(".spend");
  const row = root.querySelector(".spend-inputs");
  const signature = JSON.stringify([data.uids, data.names]);
  if (row.dataset.signature !== signature) {
    row.replaceChildren(...data.names.map((name, slot) => {
      const label = document.createElement("label");
      const title = document.createElement("span");
      const input = document.createElement("input");
      title.textContent = name;
      Object.assign(input, {type: "number", min: String(data.min), step: String(data.step),
                            placeholder: data.placeholder});
      input.setAttribute("inputmode", "decimal");
      input.addEventListener("change", () => setStateValue("values", {
        uids: data.uids, values: Array.from(row.querySelectorAll("input"), (box) => number(box.value)),
      }));
      label.append(title, input);
      return label;
    }));
    row.dataset.signature = signature;
  }
  row.querySelectorAll("input").forEach((box, slot) => {  // the server's numbers, except in the box being typed in
    const value = data.values[slot];
    const typing = box.getRootNode().activeElement === box;  // the shadow root's focus, not the document's
    if (!typing && number(box.value) !== value) box.value = value == null ? "" : String(value);
  });
  root.querySelector(".reading").replaceChildren(...blocks(data.blocks || []));
  if (!data.chart) return undefined;
  const mirror = () => {
    const chart = document.querySelector(data.chart);
    if (!chart) return;
    row.querySelectorAll("input").forEach((box, slot) => {
      const target = chart.querySelector(`input[name="target_${slot}"]`);
      if (target && target.value !== box.value) {
        target.value = box.value;
        target.dispatchEvent(new Event("input", {bubbles: true}));
      }
    });
  };
  mirror();
  row.addEventListener("input", mirror);
  const mounted = new MutationObserver(mirror);  // the chart drawn (again) after the inputs
  mounted.observe(document.querySelector("[data-testid=stMain]") || document.body, {childList: true, subtree: true});
  return () => {
    row.removeEventListener("input", mirror);
    mounted.disconnect();
  };
}
