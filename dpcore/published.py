"""Epsilons organisations have published for real releases, each with a public source, for context.

Only values read in a public source are listed; fewer entries rather than a guessed one. Each
record says what one unit of privacy is (a person, a user's day of activity), because an epsilon
means nothing without it, and whether noise was added on the device (local DP, one report per
user) or by the curator (central DP): local epsilons are not comparable with central ones.

Sources (checked 2026-11-23):
- U.S. Census Bureau, 2020 Census Redistricting Data (P.L. 94-171), persons file: the published
  production code sets `global_scale = 339/542` (configs/production/pl94/person_default.ini) and
  `approx_dp_delta = 1e-10` (prod_default.ini); its budget code reads rho = 1 / global_scale^2.
  Epsilon at that delta is converted from rho here with the Canonne-Kamath-Steinke bound (OpenDP's
  `make_zCDP_to_approxDP`); the test recomputes it. Housing units have a separate budget, not listed.
- Google, COVID-19 Search Trends symptoms dataset: eps = 1.68 per user's daily symptom searches
  (Bavadekar et al., arXiv:2009.01265, abstract).
- Google, COVID-19 Vaccination Search Insights: eps = 2.19, delta = 1e-5 per user's daily
  vaccination searches (Bavadekar et al., arXiv:2107.01179, abstract).
- Apple, local DP on iOS / macOS, eps per user per day: QuickType 16, Emoji 4, Health types 2,
  from Apple's Differential Privacy Overview as listed by D. Desfontaines, "A list of real-world
  uses of differential privacy" (desfontain.es).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PublishedEpsilon:
    """One real release's privacy parameters and where they are published.

    delta is 0 for pure eps-DP; rho is the zCDP parameter where the release was accounted in zCDP
    (then epsilon is its conversion at `delta`); year is the year of the release, None where the
    source does not date it.
    """

    organisation: str
    release: str
    epsilon: float
    delta: float
    rho: float | None
    unit: str
    local: bool
    year: int | None
    source_url: str
    note: str


CENSUS_2020_PERSONS_RHO = (542 / 339) ** 2  # 1 / global_scale^2 in the Bureau's production configuration

PUBLISHED_EPSILONS: tuple[PublishedEpsilon, ...] = (
    PublishedEpsilon(
        organisation="U.S. Census Bureau",
        release="2020 Census Redistricting Data (P.L. 94-171), persons",
        epsilon=17.14,
        delta=1e-10,
        rho=CENSUS_2020_PERSONS_RHO,
        unit="person",
        local=False,
        year=2021,
        source_url="https://github.com/uscensusbureau/DAS_2020_Redistricting_Production_Code",
        note="rho = 1 / global_scale^2 with global_scale = 339/542 and delta = 1e-10 in the production "
        "configuration; epsilon converted from rho at that delta.",
    ),
    PublishedEpsilon(
        organisation="Google",
        release="COVID-19 Search Trends symptoms dataset",
        epsilon=1.68,
        delta=0.0,
        rho=None,
        unit="user-day",
        local=False,
        year=2020,
        source_url="https://arxiv.org/abs/2009.01265",
        note="Each user's daily symptom search activity.",
    ),
    PublishedEpsilon(
        organisation="Google",
        release="COVID-19 Vaccination Search Insights",
        epsilon=2.19,
        delta=1e-5,
        rho=None,
        unit="user-day",
        local=False,
        year=2021,
        source_url="https://arxiv.org/abs/2107.01179",
        note="Each user's daily search activity related to COVID-19 vaccination.",
    ),
    PublishedEpsilon(
        organisation="Apple",
        release="QuickType suggestions (new words typed)",
        epsilon=16.0,
        delta=0.0,
        rho=None,
        unit="user-day",
        local=True,
        year=None,
        source_url="https://desfontain.es/privacy/real-world-differential-privacy.html",
        note="Local DP on the device; value from Apple's Differential Privacy Overview.",
    ),
    PublishedEpsilon(
        organisation="Apple",
        release="Emoji suggestions (most used emoji)",
        epsilon=4.0,
        delta=0.0,
        rho=None,
        unit="user-day",
        local=True,
        year=None,
        source_url="https://desfontain.es/privacy/real-world-differential-privacy.html",
        note="Local DP on the device; value from Apple's Differential Privacy Overview.",
    ),
    PublishedEpsilon(
        organisation="Apple",
        release="Health type usage (most used HealthKit types)",
        epsilon=2.0,
        delta=0.0,
        rho=None,
        unit="user-day",
        local=True,
        year=None,
        source_url="https://desfontain.es/privacy/real-world-differential-privacy.html",
        note="Local DP on the device; value from Apple's Differential Privacy Overview.",
    ),
)
