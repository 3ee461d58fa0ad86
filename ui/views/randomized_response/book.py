"""The course's worked example (section 6.4.2) as printed, then the same survey with real coins."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from dpcore.ldp.randomized_response import BOOK_EXAMPLE, rr_correction_steps, rr_perturb, rr_standard_error
from dpcore.rng import make_rng
from ui import fmt
from ui.text.randomized_response import TEXT


@dataclass(frozen=True)
class Settings:
    seed: int  # draws the coins of the re-run


@dataclass(frozen=True)
class View:
    steps: str  # the example and both corrections written out
    table: pd.DataFrame
    rerun: str


def compute(s: Settings) -> View:
    b = BOOK_EXAMPLE
    n = fmt.number
    male = rr_correction_steps(b.reported_male, b.n, b.p)
    female = rr_correction_steps(b.reported_female, b.n, b.p)
    intro = TEXT["book_intro"].format(male=b.male, female=b.female, p=n(b.p), q=n(1 - b.p),
                                      rep_male=b.reported_male, rep_female=b.reported_female)
    steps = [intro] + [
        TEXT[key].format(n=b.n, p=n(b.p), n1=c.n_yes, num=n(c.numerator, 4), den=n(c.denominator, 4), value=c.value)
        for key, c in (("book_male", male), ("book_female", female))
    ]
    table = pd.DataFrame({
        TEXT["book_col_group"]: [TEXT["book_male_label"], TEXT["book_female_label"]],
        TEXT["book_col_true"]: [b.male, b.female],
        TEXT["book_col_reported"]: [b.reported_male, b.reported_female],
        TEXT["book_col_corrected"]: [round(male.value, 2), round(female.value, 2)],
    })
    truly_male = np.arange(b.n) < b.male
    reported_male = int(np.count_nonzero(rr_perturb(truly_male, b.p, make_rng(s.seed, "rr-book"))))
    rerun = TEXT["book_rerun"].format(
        seed=s.seed, rep_male=reported_male, rep_female=b.n - reported_male,
        male=rr_correction_steps(reported_male, b.n, b.p).value,
        female=rr_correction_steps(b.n - reported_male, b.n, b.p).value,
        se=b.n * rr_standard_error(b.n, b.p),
    )
    return View("\n\n".join(steps), table, rerun)
