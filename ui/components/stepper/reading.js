// The sentences that read a stepped chart (ui/charts/stepped.py), for the frame its slider shows:
// swapped in the browser on every step, with the chart. Text only (textContent, never HTML).
// data: {chart: CSS selector of the chart's container, steps: [[[kind, text], ...], ...], start}
// kind: "p" a paragraph, "strong" a bold line, "li" an item of a bulleted list, "error" a refusal.
export default function ({ data, parentElement }) {
  const root = parentElement.querySelector(".reading");
  const show = (step) => {
    const blocks = [];
    let list = null;
    for (const [kind, text] of data.steps[step] || []) {
      const element = document.createElement(kind === "li" ? "li" : "p");
      if (kind === "strong") {
        const strong = document.createElement("strong");
        strong.textContent = text;
        element.append(strong);
      } else {
        element.textContent = text;
        if (kind === "error") element.className = "error";
      }
      if (kind === "li") {
        if (!list) blocks.push((list = document.createElement("ul")));
        list.append(element);
      } else {
        list = null;
        blocks.push(element);
      }
    }
    root.replaceChildren(...blocks);
  };
  show(data.start);
  const moved = (event) => {
    const target = event.target;
    if (target && target.closest && target.type === "range" && target.closest(data.chart)) show(Number(target.value));
  };
  document.addEventListener("input", moved);
  return () => document.removeEventListener("input", moved);
}
