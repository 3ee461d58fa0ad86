"""What D and D′ are and how the mechanism is calibrated: the caption under the shared settings."""

from __future__ import annotations

from dataclasses import dataclass

from dpcore.posterior import AttackModel
from ui import fmt
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
    model, pair = s.model, s.model.pair
    names = ((TEXT["pair_cancer_d"], TEXT["pair_cancer_dp"]) if s.pair_choice == "cancer"
             else (md_escape(s.dataset_name), TEXT["pair_dataset_dp"]))
    lines = [TEXT["pair_caption"].format(d_name=names[0], dp_name=names[1], query=md_escape(pair.query),
                                         d=fmt.number(pair.value_d, 6), dp=fmt.number(pair.value_d_prime, 6),
                                         subject=md_escape(pair.subject))]
    noise = model.noise
    if noise is None:
        lines.append(TEXT["pair_rr_caption"].format(subject=md_escape(pair.subject),
                                                    p=fmt.share(float(model.truth_probability))))
    else:
        delta_part = TEXT["noise_caption_delta"].format(delta=small(model.delta)) if noise.kind == "gaussian" else ""
        lines.append(TEXT["noise_caption"].format(
            kind=COMMON[f"mechanism_{noise.kind}"], scale=fmt.number(noise.scale), std=fmt.number(noise.std),
            eps=fmt.number(model.epsilon), delta_part=delta_part, sens=fmt.number(pair.sensitivity)))
    return View("\n\n".join(lines))
