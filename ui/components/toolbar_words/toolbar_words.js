// Writes Streamlit's toolbar words in the page's language: a toolbar button's name (aria-label
// "Fullscreen" or "Fullscreen: <the chart's title>") and the tooltip that shows it on hover.
// data: {words: {english: translation}}
export default function ({ data }) {
  const words = data.words || {};
  const translated = (text) => {
    for (const [english, own] of Object.entries(words)) {
      if (text === english) return own;
      if (text.startsWith(`${english}: `)) return own + text.slice(english.length);
    }
    return null;
  };
  const fix = () => {
    for (const button of document.querySelectorAll("[data-testid=stElementToolbarButton] button[aria-label]")) {
      const own = translated(button.getAttribute("aria-label"));
      if (own !== null) button.setAttribute("aria-label", own);
    }
    for (const text of document.querySelectorAll("[data-testid=stTooltipContent] p")) {
      const own = translated(text.textContent);
      if (own !== null) text.textContent = own;
    }
  };
  const observer = new MutationObserver(fix);
  observer.observe(document.body, { childList: true, subtree: true });
  fix();
  return () => observer.disconnect();
}
