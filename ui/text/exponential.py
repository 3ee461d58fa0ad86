"""Sentences of the Exponential mechanism page, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Exponential mechanism: choosing privately",
    "intro": (
        "Some questions have no number for an answer: which sport to play, which price to set, "
        "which value is the most common. Adding noise to such an answer makes no sense, so the "
        "exponential mechanism gives every option a score q and picks one at random, option r "
        "with probability proportional to exp(ε · q(r) / (2 Δq)). Δq is the score's "
        "sensitivity: how much one person can change a score. Good options stay likely, but no "
        "single person's data decides the outcome."
    ),
    "tab_vote": "Sports vote (Table 6-4)",
    "tab_price": "Pumpkin pricing",
    "tab_mode": "Most common value of a column",
    # --- sports vote
    "vote_intro": (
        "A school chooses one sport for a match from the pupils' votes, and no pupil's vote may "
        "be given away. The score of a sport is its number of votes; one pupil changes one score "
        "by at most 1, so Δq = 1. Edit the table to try your own options and scores."
    ),
    "col_option": "Option",
    "col_score": "Score (votes)",
    "editor_open": "Edit the table",
    "editor_not_in_url": (
        "The table is not stored in the page's address: a shared link reopens the book's table with "
        "your other settings. Reload the page to get the book's table back."
    ),
    "vote_epsilon": "Privacy budget ε",
    "vote_epsilon_default": (
        "The slider opens at ε = 0.1, a column of the course's Table 6-4, rather than at 1 as on the "
        "other tabs. It spans 0.001 to 20, as on every page; the table's ε = 0 column, where every "
        "option is equally likely and the outcome says nothing about the votes, is shown below."
    ),
    "sensitivity": "Score sensitivity Δq",
    "sensitivity_help": "The most one person can change any score. One vote per person: Δq = 1.",
    "vote_chart_title": "Probability of choosing\neach option at ε = {eps}",
    "option_axis": "Option",
    "probability_axis": "Probability of being chosen",
    "score_title": "Score",
    "vote_summary": (
        "At ε = {eps} the mechanism picks **{best}** (score {score}) with probability "
        "**{prob}**; the least likely option has probability {low}."
    ),
    "table_probability_now": "Probability at ε = {eps}",
    "table_probability_at": "ε = {eps}",
    "book_title": "Table 6-4 of the course: the book next to the computation",
    "book_option": "Sport",
    "book_score": "Score",
    "book_printed": "Book, ε = {eps}",
    "book_computed": "Computed, ε = {eps}",
    "book_note": (
        "Computed values are shown to the book's printed precision. One cell differs in the last "
        "digit: volleyball at ε = 1 is 0.0759, which the book printed as 0.075 (cut off rather "
        "than rounded)."
    ),
    "draws_title": "Sample selections with the seed",
    "draws": "Number of simulated selections N",
    "draws_help": "Each selection is one run of the mechanism on the same votes. Change the seed in the sidebar for other draws.",
    "convergence_title": "Share of each option in\nthe first m selections\n(dotted: its probability)",
    "draws_axis": "Number of selections m",
    "share_axis": "Share of selections",
    "draws_summary": (
        "In {n} **{best}** came out {count}, a share of {share} against a probability of "
        "{prob}. The largest gap between a share and its probability is {gap}; it shrinks "
        "like 1/√N."
    ),
    "selections_one": "1 simulated selection",
    "selections_many": "{n} simulated selections",
    "times_one": "once",
    "times_many": "{n} times",
    # --- pumpkin pricing
    "price_story": (
        "The course's story: we sell pumpkins to Alice and Bob, who pay at most 1 each, and to "
        "Charlie, who pays at most 3. Price 1 earns 1 + 1 + 1 = 3 and price 3 earns 3 from Charlie "
        "alone: two best prices. To keep the buyers' budgets private we might add noise to the best "
        "price, but even a tiny amount is ruinous: price 1.01 earns only 1.01 (Alice and Bob drop "
        "out), and price 3.01 earns nothing. The exponential mechanism instead picks one of the "
        "candidate prices, with the revenue as the score."
    ),
    "col_buyer": "Buyer",
    "col_max_price": "Most they will pay",
    "price_low": "Lowest candidate price",
    "price_high": "Highest candidate price",
    "price_step": "Step between candidate prices",
    "price_epsilon": "Privacy budget ε for the price",
    "price_sensitivity": (
        "Score: the revenue at price r, that is r × (number of buyers who pay at least r). One buyer "
        "more, fewer or changed adds or removes at most one sale at price r, so the revenue moves by "
        "at most r. The score's sensitivity is therefore the largest candidate price: **Δq = {delta}**. "
        "(The noisy price below uses another sensitivity, Δ = {width}: that of the best price itself, "
        "not of a revenue. Both numbers are right, for different quantities.)"
    ),
    "price_noise_sensitivity": (
        "For the noisy price we add Laplace noise of scale b = Δ / ε = {scale} to the best price "
        "{best}. Here Δ = {width} is the sensitivity of the best price itself: one buyer changing can "
        "move the best price from one end of the candidate range to the other, from {low} to {high} "
        "(from 1 to 3 in the course's story), so Δ is the width of the range. The exponential "
        "mechanism needs no such bound on the price, only the score's Δq = {delta}: the most one "
        "buyer changes any revenue."
    ),
    "metric_best": "Best price, no privacy",
    "metric_best_value": "{revenue} at price {price}",
    "metric_exponential": "Exponential mechanism (expected)",
    "metric_noisy": "Best price + Laplace noise (expected)",
    "price_summary": (
        "At ε = {eps}: the best price {price} earns **{best}**; the exponential mechanism earns "
        "**{expo}** on average; the best price plus Laplace noise earns **{noisy}** on average."
    ),
    "price_ruinous": (
        "Why noise on a price is ruinous: whenever the noise pushes the price even slightly above "
        "what a buyer will pay, that whole sale is lost, and half of all noise is positive. So even "
        "with almost no noise, the price 1 + noise earns about (3 + 1) / 2 = 2 on average, never 3. "
        "The exponential mechanism only ever picks a candidate price, and as ε grows it picks a best "
        "one almost surely."
    ),
    "candidates_title": "Each candidate price: its\nrevenue (left axis) and the\nchance it is picked (right)",
    "price_axis": "Candidate price",
    "revenue_axis": "Revenue",
    "buyer_max": "Most a buyer will pay",
    "revenue_curves_title": "Expected revenue against ε",
    "epsilon_axis": "Privacy budget ε",
    "expected_revenue_axis": "Expected revenue",
    "curve_best": "Best price (no privacy)",
    "curve_exponential": "Exponential mechanism",
    "curve_noisy": "Best price + Laplace noise",
    "curve_way": "Way of pricing",
    # --- most common value
    "mode_intro": (
        "Which value of a column is the most common? The score of a candidate value is the number "
        "of people who have it. Adding or removing one person changes one count by 1, so Δq = 1."
    ),
    "mode_column": "Column",
    "mode_epsilon": "Privacy budget ε for the choice",
    "mode_result": (
        "The private choice is **{chosen}** ({chosen_count}). The true most common value "
        "is **{mode}** ({mode_count}); at ε = {eps} the mechanism picks it with probability "
        "**{prob}**."
    ),
    "mode_result_tied": "Several values share the top count, so any of them counts as the most common.",
    "mode_chart_title": "Probability of choosing\neach value, most common first",
    "mode_value_axis": "Value",
    "count_title": "People",
    "mode_chosen_label": "private choice",
    "mode_public": "The candidates are the public list of possible values declared for this dataset, unseen values included.",
    "mode_private_candidates": (
        "The candidates here are the values found in the column. In a real release they must come "
        "from a public list fixed in advance: listing only the values present would itself reveal "
        "that somebody holds each of them."
    ),
    "mode_truncated": "The column has {distinct} distinct values; only the {kept} most common are candidates.",
    "mode_left_out": "Not counted: {missing} with a missing value and {outside} with a value outside the public list.",
    "mode_bars_truncated": "The chart shows the {shown} most common candidates of {total}.",
    "simulation": "Simulation: the draws use numpy's random generator with the seed, to show how the mechanism behaves.",
    "no_columns": "This dataset has no columns.",
}

TEXT = Texts(EN, __name__)
