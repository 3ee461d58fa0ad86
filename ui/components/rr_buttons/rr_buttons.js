// Yes / No buttons that randomize on the device: the true answer never leaves this function.
// data: {p, mode: "device" | "coin", yes, no, sending, disabled}
// "device": with probability p the pressed answer is sent, otherwise the opposite one; the draw comes
// from crypto.getRandomValues (the browser's cryptographic source, not Math.random).
// "coin": the student has already randomized with a real coin; the pressed answer is sent as is.
function uniform() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0] / 4294967296; // in [0, 1)
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
  if (data.disabled) {
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
    setTriggerValue("answer", sent ? "yes" : "no");
  };
  yes.onclick = () => press(true);
  no.onclick = () => press(false);
  return () => {
    yes.onclick = null;
    no.onclick = null;
  };
}
