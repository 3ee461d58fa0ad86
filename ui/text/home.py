"""Sentences of the home page, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "DP Explorer: see differential privacy at work",
    "intro": (
        "Differential privacy (DP) is a promise made to every person in a dataset: whatever is "
        "published would have looked almost the same if your record had not been there. "
        "The publisher keeps the promise by adding carefully sized random noise to each answer. "
        "The privacy budget ε (epsilon) says how close 'almost the same' is: a smaller ε means more "
        "noise and more privacy, a larger ε means more accurate answers and less privacy."
    ),
    "join_title": "**In class?** Join your teacher's live poll with the code on the screen.",
    "tour_title": "A guided tour",
    "tour_intro": "Follow the pages in this order: first the attack, then the defence, then the trade-off.",
    # A link's label stays on one line (a phone cuts it off): short labels, the why underneath.
    "step_reidentification": "0. Why removing names fails",
    "step_reidentification_why": (
        "On a few public columns (age, sex, a place) many people are unique: a voter list puts their names "
        "back, and a DP release does not."
    ),
    "step_attacks": "1. The attack",
    "step_attacks_why": "Two harmless-looking totals, subtracted, reveal one person's secret; and averaging many noisy answers recovers the truth.",
    "step_histogram": "2. The defence",
    "step_histogram_why": "Noise on a histogram, shown next to the same release on a neighbouring dataset with one person removed or changed.",
    "step_posterior": "3. The trade-off",
    "step_posterior_why": "What ε means for the person in the data: how far an attacker's suspicion can move after seeing the output.",
    "step_exponential": "4. Choosing privately",
    "step_exponential_why": "The exponential mechanism picks the best option without revealing the votes.",
    "step_rr": "5. Privacy on your own device",
    "step_rr_why": "Randomized response: the collector never sees a true answer.",
    "step_planner": "6. Plan a real release",
    "step_planner_why": "Choose ε for several statistics: accuracy, total cost under every accountant, risk, and a release you can download.",
    "step_poll": "7. Take part: a live poll",
    "step_poll_why": "The class answers a yes/no question on their phones with randomized response, and sees the estimate sharpen as answers arrive.",
    "step_ldp": "8. Local DP at scale",
    "step_ldp_why": "The survey's frequency oracles, RAPPOR and shuffling: which to choose, what each costs in accuracy, and how fake users can skew them.",
    "step_synthetic": "9. Publish once, query freely",
    "step_synthetic_why": "A table drawn from noisy statistics answers any number of questions for one budget: the course's pupils, then MST on many columns.",
    "step_audit": "10. Check the promises",
    "step_audit_why": "Every mechanism audited from its outputs alone, and three broken on purpose that the audit catches.",
    "step_learning": "11. Train a model privately",
    "step_learning_why": (
        "DP-SGD trains a model with a guarantee; the moments accountant prices it, and membership attacks test it."
    ),
    "dataset_in_use": "Dataset in use: **{name}**, {rows:,} rows and {cols} columns. Change it, or upload your own CSV, in the sidebar.",
}

TEXT = Texts(EN, __name__)
