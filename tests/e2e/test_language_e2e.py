"""Real-browser test of the language switch: 中文 chosen in the sidebar stays through every page
and every tab, is kept in the address, and leaves no English sentence and no exception behind."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app, wait_for_app_run
from ui.i18n import language
from ui.navigation import PAGES
from ui.text.common import TEXT

# Three English words in a row (hyphenated names count), as tests/unit/test_i18n.py looks for them.
ENGLISH_RUN = re.compile(r"[A-Za-z]{2,}(?:[ \-'’][A-Za-z]{2,}){2,}")
# What a user's data or a formula shows as it is: table cells (grids and markdown tables), code, typeset math.
_DATA = ("[data-testid=stTable], [data-testid=stMarkdownContainer] table, [data-testid=stDataFrame], "
         "[data-testid=stCode], .katex")


def _english_left(page: Page) -> list[str]:
    """Runs of English words in the visible text of the main area and the sidebar, data left out."""
    text = page.evaluate(
        """(skip) => ['[data-testid=stMain]', '[data-testid=stSidebar]'].map((sel) => {
               const area = document.querySelector(sel);
               if (!area) return '';
               const copy = area.cloneNode(true);
               copy.querySelectorAll(skip).forEach((e) => e.remove());
               document.body.appendChild(copy);  // innerText needs a rendered node
               const text = copy.innerText;
               copy.remove();
               return text;
           }).join('\\n')""",
        _DATA,
    )
    return sorted({m.group(0) for m in ENGLISH_RUN.finditer(text)})


def test_chinese_on_every_page_and_tab(page: Page, base_url: str) -> None:
    open_app(page, base_url)
    page.get_by_text("中文", exact=True).click()
    wait_for_app_run(page)
    expect(page).to_have_url(re.compile(r"lang=zh"))
    with language("zh"):
        labels = [TEXT[entry.label_key] for entry in PAGES]
        parts = TEXT["parts"]
    found: dict[str, list[str]] = {}
    for label in labels:
        page.get_by_test_id("stSidebar").get_by_role("link", name=label).click()
        wait_for_app_run(page)
        expect(page).to_have_url(re.compile(r"lang=zh"))
        tabs = page.get_by_role("radiogroup", name=parts).get_by_role("radio")
        for i in range(max(tabs.count(), 1)):
            if tabs.count():
                tab = tabs.nth(i)  # every part in turn: the count is the page's, not a position we check
                tab.click()
                wait_for_app_run(page)
                where = f"{label} / {tab.inner_text()}"
            else:
                where = label
            expect(page.get_by_test_id("stException")).to_have_count(0)  # a message box may be the view
            left = _english_left(page)
            if left:
                found[where] = left
    assert not found


def test_streamlit_s_own_words_are_chinese_or_gone(page: Page, base_url: str) -> None:
    """Streamlit 1.67 has no translation: the page's stylesheet writes our words over its uploader's
    "Upload" and "200MB per file"; a chart's toolbar keeps only its icons a teacher uses, the PNG
    download and fullscreen, named and explained on hover in Chinese (issue 31)."""
    open_app(page, f"{base_url}/Histogram_and_neighbour?lang=zh&data=upload")
    zone = page.get_by_test_id("stFileUploaderDropzone")
    expect(zone).to_be_visible()
    with language("zh"):
        button, limit = TEXT["uploader_button"], TEXT["uploader_limit"].format(mb=200)
    drawn = zone.evaluate("""(zone) => {
        const after = (el) => getComputedStyle(el, '::after').content.replace(/^["']|["']$/g, '');
        const own = (el) => parseFloat(getComputedStyle(el).fontSize);
        const label = zone.querySelector('button p');
        const limit = zone.querySelector('[data-testid=stFileUploaderDropzoneInstructions] span');
        return {button: after(label), buttonSize: own(label), limit: after(limit), limitSize: own(limit)};
    }""")
    assert drawn == {"button": button, "buttonSize": 0, "limit": limit, "limitSize": 0}
    figure = page.get_by_test_id("stVegaLiteChart").first
    figure.hover()
    toolbar = page.get_by_test_id("stBaseButton-elementToolbar")
    with language("zh"):
        png, fullscreen = TEXT["toolbar_png"], TEXT["toolbar_fullscreen"]
    download = toolbar.and_(page.locator(f"[aria-label^='{png}']")).first
    expect(download).to_be_visible()
    expect(toolbar.and_(page.locator(f"[aria-label^='{fullscreen}']")).first).to_be_visible()
    for gone in ("Show data", "Copy Vega-Lite spec", "Download as PNG", "Fullscreen"):
        expect(toolbar.and_(page.locator(f"[aria-label^='{gone}']")).first).to_be_hidden()
    download.hover()  # its tooltip (after a second) says it in Chinese too
    expect(page.get_by_test_id("stTooltipContent")).to_have_text(png)
