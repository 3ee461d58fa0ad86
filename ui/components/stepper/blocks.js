// Blocks of text drawn from [kind, content] pairs, for the components that show sentences (the
// reading of a stepped chart, the planner's spend inputs). Text only (textContent, never HTML).
// kind: "p" a paragraph, "strong" a bold line, "li" an item of a bulleted list, "error" a refusal
// (in "p" and "li", text between ** and ** is bold); "table": content is rows, the first the header;
// "metrics": content is (label, value) rows, shown as a row of big numbers.
function inline(element, text) {
  text.split("**").forEach((part, i) => {
    if (!part) return;
    if (i % 2 === 0) {
      element.append(part);
    } else {
      const strong = document.createElement("strong");
      strong.textContent = part;
      element.append(strong);
    }
  });
}

function table(rows) {
  const frame = document.createElement("div"); // scrolls sideways on a phone rather than squeezing words
  frame.className = "table-frame";
  const element = frame.appendChild(document.createElement("table"));
  rows.forEach((row, r) => {
    const line = element.insertRow();
    for (const cell of row) {
      const box = document.createElement(r === 0 ? "th" : "td");
      box.textContent = cell;
      line.append(box);
    }
  });
  return frame;
}

function metrics(rows) {
  const element = document.createElement("div");
  element.className = "metrics";
  for (const [label, value] of rows) {
    const item = document.createElement("div");
    const name = document.createElement("div");
    const number = document.createElement("div");
    name.className = "metric-label";
    number.className = "metric-value";
    name.textContent = label;
    number.textContent = value;
    item.append(name, number);
    element.append(item);
  }
  return element;
}

// The DOM nodes of a list of [kind, content] blocks.
function blocks(pairs) {
  const nodes = [];
  let list = null;
  for (const [kind, content] of pairs) {
    if (kind === "table" || kind === "metrics") {
      list = null;
      nodes.push(kind === "table" ? table(content) : metrics(content));
      continue;
    }
    const element = document.createElement(kind === "li" ? "li" : "p");
    if (kind === "strong") {
      const strong = document.createElement("strong");
      strong.textContent = content;
      element.append(strong);
    } else if (kind === "error") {
      element.textContent = content;
      element.className = "error";
    } else {
      inline(element, content);
    }
    if (kind === "li") {
      if (!list) nodes.push((list = document.createElement("ul")));
      list.append(element);
    } else {
      list = null;
      nodes.push(element);
    }
  }
  return nodes;
}
