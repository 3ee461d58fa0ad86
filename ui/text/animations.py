"""Sentences of the animations played in the browser (Attacks: the averaging attack; Histogram:
hypothetical outcome plots), kept together for translation.

Placeholders in braces are filled by ui/views/attacks/animation.py and ui/views/histogram/hops.py
with numbers already written for people (ui.fmt).
"""

from ui.i18n import Texts

EN: dict[str, str] = {
    "play": "Play",
    "pause": "Pause",
    # ------------------------------------------------------------------ averaging attack
    "avg_expander": "Play the attack: the running mean, answer after answer",
    "avg_title": "Simulation: the attacker's mean\nas answers arrive",
    "avg_naive": "ε per answer: converges",
    "avg_split": "ε/k per answer: does not",
    "avg_x": "Answers seen",
    "avg_y": "Attacker's mean answer",
    "avg_truth": "True count",
    "avg_zone": "Rounds to the truth",
    "avg_attacker": "Attacker's mean",
    "avg_current": "Answers seen: ",
    "avg_caption": (
        "Simulation with numpy and the sidebar's seed: {m} attackers ask the same count up to {k} "
        "times; the true count is {truth} (green line; in the pale band around it the rounded mean is exact). Top, each answer spends ε = {eps}: after {k} answers the "
        "means are off by {naive_off}. Bottom, the same ε = {eps} split over the {k} answers "
        "(ε = {per} each): the means are off by {split_off}. Press Play: your browser plays the "
        "{frames} frames on its own, with no wait for the server."
    ),
    # ------------------------------------------------------------------ hypothetical outcomes
    "hops_expander": "Play the noise: one release after another",
    "hops_title": "Simulation: the same release\ndrawn again and again",
    "hops_x": "Bin",
    "hops_y": "Noisy count",
    "hops_d": "D (noisy)",
    "hops_dp": "D′ (noisy)",
    "hops_truth": "True count",
    "hops_current": "Draw: ",
    "hops_caption": (
        "Simulation with numpy and the sidebar's seed: {draws} independent releases of both "
        "histograms with {kind} noise at ε = {eps} (before any post-processing). Each frame is one "
        "release; the black ticks are the true counts, and the shaded bin is where D and D′ differ. "
        "A bar moves by about {sd} from one draw to the next. The y axis does not start at 0: it "
        "shows the noise. Press Play: your browser plays the draws on its own."
    ),
}

TEXT = Texts(EN, __name__)
