// Yes / No buttons that randomize on the device: the true answer never leaves this function.
// Sent: "yes" or "no", then ":" and this browser's token when it has one.
// data: {p, mode: "device" | "coin", yes, no, sending, disabled, code, answered, checked}
// "device": with probability p the pressed answer is sent, otherwise the opposite one; the draw comes
// from crypto.getRandomValues (the browser's cryptographic source, not Math.random).
// "coin": the student has already randomized with a real coin; the pressed answer is sent as is.
function uniform() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0] / 4294967296; // in [0, 1)
}

// One token per browser, kept in localStorage: a reload or a new tab cannot answer twice.
function deviceToken() {
  const name = "dpx_poll_device";
  try {
    let token = localStorage.getItem(name);
    if (!/^[0-9a-f]{32}$/.test(token || "")) {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem(name, token);
    }
    return token;
  } catch (e) {
    return ""; // storage blocked: the server falls back to the session's token
  }
}

// The polls this browser answered, as the server said (codes, the last 50): after a reload the
// buttons open locked until the server has checked the browser's token (`checked`), instead of
// showing active for the moment that takes. Only what is shown: the server alone decides.
const ANSWERED = "dpx_poll_answered";
function answeredHere() {
  try {
    const codes = JSON.parse(localStorage.getItem(ANSWERED) || "[]");
    return Array.isArray(codes) ? codes : [];
  } catch (e) {
    return [];
  }
}
function remember(code) {
  try {
    const codes = answeredHere().filter((c) => c !== code);
    codes.push(code);
    localStorage.setItem(ANSWERED, JSON.stringify(codes.slice(-50)));
  } catch (e) {
    // storage blocked: the buttons simply wait for the server
  }
}

export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  const root = parentElement.querySelector(".rr-root");
  const yes = root.querySelector("button.rr-yes");
  const no = root.querySelector("button.rr-no");
  const status = root.querySelector(".rr-status");
  yes.textContent = data.yes;
  no.textContent = data.no;
  const lock = (text) => {
    yes.disabled = true;
    no.disabled = true;
    status.textContent = text;
  };
  if (data.answered) remember(data.code);
  if (data.disabled || (!data.checked && answeredHere().includes(data.code))) {
    lock("");
    return;
  }
  yes.disabled = false;
  no.disabled = false;
  status.textContent = "";
  const press = (truth) => {
    if (yes.disabled) return;
    lock(data.sending);
    const keep = data.mode === "coin" ? true : uniform() < data.p;
    const sent = keep ? truth : !truth;
    const device = deviceToken();
    setTriggerValue("answer", (sent ? "yes" : "no") + (device ? ":" + device : ""));
  };
  yes.onclick = () => press(true);
  no.onclick = () => press(false);
  return () => {
    yes.onclick = null;
    no.onclick = null;
  };
}
