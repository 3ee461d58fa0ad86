"""What D and D′ are and how the mechanism is calibrated: the caption under the shared settings.
`compute_caption` writes it at one epsilon of a chart's own slider (ui/chart_slider.py computes it
at each), as plain text (ui/reading.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dpcore.mechanisms import GaussianMethod
from dpcore.posterior import AttackKind, AttackModel, CountPair, attack_model
from ui import fmt
from ui.reading import Block
from ui.safe import md_escape
from ui.text.common import TEXT as COMMON
from ui.text.posterior import TEXT
from ui.views.posterior.words import small


@dataclass(frozen=True)
class Settings:
    model: AttackModel
    pair_choice: str  # "cancer" or "dataset"
    dataset_name: str


@dataclass(frozen=True)
class View:
    caption: str


def compute(s: Settings) -> View:
    """The caption as markdown (user text escaped)."""
    return View("\n\n".join(_lines(s, md_escape)))


@dataclass(frozen=True)
class CaptionSettings:
    """The mechanism of `kind` on `pair` at `epsilon` (the chart's slider sets it), and what names D."""

    kind: AttackKind
    pair: CountPair
    delta: float
    method: GaussianMethod
    epsilon: float
    pair_choice: str  # "cancer" or "dataset"
    dataset_name: str


@dataclass(frozen=True)
class CaptionView:
    lines: tuple[Block, ...]


def compute_caption(s: CaptionSettings) -> CaptionView:
    """The caption as plain text, one block a line. Raises ValueError for an epsilon the mechanism
    refuses (the classic Gaussian's from 1 on): the chart's slider reads it as why."""
    model = attack_model(s.kind, s.pair, s.epsilon, s.delta, s.method)
    return CaptionView(tuple(("p", line) for line in _lines(Settings(model, s.pair_choice, s.dataset_name), str)))


def _lines(s: Settings, escape: Callable[[object], str]) -> list[str]:
    model, pair = s.model, s.model.pair
    names = ((TEXT["pair_cancer_d"], TEXT["pair_cancer_dp"]) if s.pair_choice == "cancer"
             else (escape(s.dataset_name), TEXT["pair_dataset_dp"]))
    lines = [TEXT["pair_caption"].format(d_name=names[0], dp_name=names[1], query=escape(pair.query),
                                         d=fmt.number(pair.value_d, 6), dp=fmt.number(pair.value_d_prime, 6),
                                         subject=escape(pair.subject))]
    noise = model.noise
    if noise is None:
        lines.append(TEXT["pair_rr_caption"].format(subject=escape(pair.subject),
                                                    p=fmt.share(float(model.truth_probability))))
    else:
        delta_part = TEXT["noise_caption_delta"].format(delta=small(model.delta)) if noise.kind == "gaussian" else ""
        lines.append(TEXT["noise_caption"].format(
            kind=COMMON[f"mechanism_{noise.kind}"], scale=fmt.number(noise.scale), std=fmt.number(noise.std),
            eps=fmt.number(model.epsilon), delta_part=delta_part, sens=fmt.number(pair.sensitivity)))
    return lines
