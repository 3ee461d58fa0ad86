"""Sentences of the Attacks page, kept together for translation.

Placeholders in braces are filled by ui/views/attacks with numbers already written for people
(ui.fmt); names and values that come from data are escaped with ui.safe.md_escape first.
"""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Attacks that differential privacy stops",
    "intro": (
        "Harmless-looking answers can give away one person's secret, or everybody's: run the course's "
        "two classic attacks and the reconstruction attack that moved the US census to differential "
        "privacy, and see what stops them."
    ),
    "tab_differencing": "1. Differencing",
    "tab_averaging": "2. Averaging",
    "tab_table": "3. Table 6-3",
    "tab_defence": "4. Defence",
    "tab_reconstruction": "5. Reconstruction",
    "simulation_note": "Simulation: the noisy answers on this page are drawn with numpy's random generator and the seed in the sidebar, to show how the noise behaves. The same seed gives the same pictures.",
    "series": "Curve",
    # ------------------------------------------------------------------ differencing
    "diff_intro": (
        "An attacker asks two innocent counts, one with and one without the target, and subtracts: "
        "the difference is the target's secret."
    ),
    "diff_table": "Table",
    "diff_table_students": "Students and grades (course Table 6-1)",
    "diff_table_cancer": "Patients with cancer (course Table 6-2)",
    "diff_flip": "Change Aisha's grade to Pass, as the course does",
    "diff_flip_help": "The course first shows the table as printed, then changes Aisha's grade to Pass to show the attack.",
    "diff_student": "Target person",
    "diff_patient": "Target person",
    "diff_girls_none": (
        "A first leak: “How many girls passed?” returns **{count}**. That single harmless-looking "
        "count tells everyone that every girl in the class failed."
    ),
    "diff_girls_some": (
        "“How many girls passed?” returns **{count}** on the table shown. On the table as printed "
        "(untick the box above) it returns 0, and that single count tells everyone that every girl "
        "in the class failed."
    ),
    "diff_q_students_with": "Question 1: “How many students passed?” Exact answer: **{value}**.",
    "diff_q_students_without": "Question 2: “How many students passed, {name} excluded?” Exact answer: **{value}**.",
    "diff_q_cancer_with": "Question 1: f({i}) = “How many of the first {i} patients have cancer?” Exact answer: **{value}**.",
    "diff_q_cancer_without": "Question 2: f({j}) = “How many of the first {j} patients have cancer?” Exact answer: **{value}**.",
    "diff_result_students_yes": "Difference: {a} − {b} = **{d}**. The attacker now knows for sure that **{name} passed**.",
    "diff_result_students_no": "Difference: {a} − {b} = **{d}**. The attacker now knows for sure that **{name} did not pass**.",
    "diff_result_cancer_yes": "Difference: {a} − {b} = **{d}**. The attacker now knows for sure that **{name} has cancer**.",
    "diff_result_cancer_no": "Difference: {a} − {b} = **{d}**. The attacker now knows for sure that **{name} does not have cancer**.",
    "diff_bounded": (
        "The course's first fix, in words: add noise that stays between −1 and +1 to each answer. "
        "Then the first answer lies in [{a_lo}, {a_hi}] and the second in [{b_lo}, {b_hi}], so "
        "their difference can be anything from {d_lo} to {d_hi}: both 0 and 1 fit, and the "
        "difference no longer reveals {name} for sure. Bounded noise is not enough in general, "
        "though: an answer at the edge of its range still gives the secret away. Laplace noise "
        "never does."
    ),
    "diff_noise_title": "The same two questions, with Laplace noise",
    "diff_noise_intro": (
        "Now each answer gets fresh Laplace noise of scale 1/ε (a count changes by at most 1 when "
        "one person changes). The attacker subtracts the two noisy answers and asks: how likely is "
        "it, now, that the target has the secret?"
    ),
    "diff_eps": "Budget ε per answer",
    "diff_prior": "Attacker's prior belief",
    "diff_prior_help": "How likely the attacker thought it was, before asking, that the target has the secret. 0.5 means no idea.",
    "diff_noisy_answers": (
        "Noisy answers: question 1 → **{a}**, question 2 → **{b}**; the attacker's difference is "
        "**{d}** (the exact difference is {exact})."
    ),
    "diff_posterior": (
        "After seeing this difference the attacker believes with probability **{post}** that "
        "{name} {secret} (prior {prior}). Whatever the noise had been, ε = {eps} keeps that "
        "belief between **{low}** and **{high}**."
    ),
    "diff_secret_students": "passed",
    "diff_secret_cancer": "has cancer",
    "diff_posterior_why": (
        "Why the belief cannot leave the band: only the first question depends on the target, and "
        "ε-DP means its answer is at most e^ε times more likely with the secret than without. "
        "Subtracting the second answer is post-processing and cannot add information."
    ),
    "diff_density_title": "The attacker's difference\nat ε = {eps}",
    "diff_density_x": "Noisy difference",
    "diff_density_y": "Density",
    "diff_density_secret": "If the target {secret}",
    "diff_density_none": "If not",
    "diff_observed": "Observed",
    "diff_post_title": "The attacker's belief",
    "diff_post_x": "Noisy difference",
    "diff_post_y": "Probability the target {secret}",
    "diff_post_curve": "Belief after",
    "diff_post_band": "ε bound",
    "diff_post_prior": "Prior",
    # ------------------------------------------------------------------ averaging
    "avg_intro": (
        "The server answers the **same** count again and again, with fresh noise each time. The "
        "attacker averages the answers; once the mean is within 0.5 of the truth (the **danger "
        "zone**), rounding it gives the exact count."
    ),
    "avg_query": "Count query",
    "avg_query_zoo": "Zoo: more than 55 carrots",
    "avg_query_medical": "Medical: one age bucket",
    "avg_query_custom": "Dataset in use: your predicate",
    "avg_zoo_desc": "COUNT of animals in zoo.csv eating more than 55 carrots a day (course Experiment 6-1).",
    "avg_bucket": "Age bucket",
    "avg_medical_desc": "Number of patients aged {bucket} in medicaldata.csv (course Experiment 6-2).",
    "pred_column": "Column",
    "pred_op": "Comparison",
    "pred_value": "Value",
    "pred_category": "Value",
    "pred_text_ops": "This column holds text, so only = and ≠ are offered.",
    "pred_desc": "COUNT of rows of {dataset} where {column} {op} {value}.",
    "pred_no_columns": "The dataset in use has no columns to count on. Choose another dataset in the sidebar.",
    "pred_no_values": "The column {column} has no values at all (every cell is missing), so no count can be built on it. Choose another column.",
    "pred_none_match": (
        "No row matches {column} {op} {value}: the true count is 0. The attack still works on a "
        "count of 0, but choose another value to see a more interesting count."
    ),
    "avg_truth": "True count: **{truth}**. The sensitivity of a count is 1, so each answer gets Laplace noise of scale 1/ε.",
    "avg_eps": "Privacy budget ε per answer",
    "avg_k": "Number of repeated questions k",
    "avg_k_help": "How many times the attacker asks the same question (up to 1,000,000).",
    "avg_attackers": "Simulated attackers",
    "avg_attackers_help": "How many independent attackers the simulation runs, each asking k questions. Each attacker costs the same whatever k is.",
    "avg_budget": "Each answer spends ε = {eps}; the charts show k = {k} answers.",
    "avg_exact": (
        "Exact probability that an attacker's rounded mean of k = {k} answers is the exact count: "
        "**{p}**."
    ),
    "avg_simulated": (
        "Simulation: **{p}** of {n} attackers landed in the danger zone (99% confidence interval "
        "{lo} to {hi})."
    ),
    "avg_spread": "The attacker's mean noise after k answers has standard deviation √2/(ε√k) = **{sd}**.",
    "avg_shown": "The {m} attackers of the running-means chart rounded their means after k = {k} answers to: {values}.",
    "avg_traces_title": "Running means of {m} attackers\nat ε = {eps}",
    "avg_traces_x": "Answers averaged (log scale)",
    "avg_traces_y": "Attacker's running mean",
    "avg_trace_name": "Attacker {i}",
    "avg_truth_name": "Truth",
    "avg_zone_name": "Danger zone",
    "avg_traces_note": "The first answers are so noisy that they fall outside the picture: the chart shows only running means within {half} of the true count.",
    "avg_curve_title": "Chance of exact recovery\nat ε = {eps}",
    "avg_curve_x": "Repeated questions k (log scale)",
    "avg_curve_y": "Rounded mean is exact",
    "avg_curve_exact": "Exact",
    "avg_curve_sim": "Simulation (99% interval)",
    "avg_curve_chosen": "Your k",
    "avg_method": (
        "How the numbers are computed: the sum of k Laplace(b) noises is the difference of two "
        "Gamma(k, b) variables. The exact probability integrates that difference numerically; the "
        "simulation draws two Gamma variables per attacker, so 100,000 attackers cost the same at "
        "k = 1,000,000 as at k = 10. The running means are drawn the same way between the points "
        "of the chart."
    ),
    # ------------------------------------------------------------------ table 6-3
    "table_intro": (
        "The course's Table 6-3: for each ε, how large one Laplace noise can be (quantiles of "
        "|noise|), and how likely the averaging attacker is to recover the exact count after k "
        "answers. Each cell shows three numbers: **the book's · the exact value · this run's "
        "simulation**."
    ),
    "table_quantiles_title": "**How far one noisy answer can be off**: the 90, 95, 99 and 99.9% quantiles of |noise| (book · exact · simulation).",
    "table_recovery_title": "**How often the averaging attacker recovers the exact count**, in percent (book · exact · simulation).",
    "table_extra_eps": "Add rows for other ε",
    "table_trials": "Simulated draws and attackers per cell",
    "table_eps": "ε",
    "table_q": "{level}% of |noise| below",
    "table_k": "Recovery, k = {k} (%)",
    "table_no_book": "—",
    "table_reading": (
        "Why the book's numbers differ a little from the exact ones: the book ran a simulation "
        "(Monte-Carlo estimates), like the third number in each cell. The exact quantiles are "
        "ln(10)/ε, ln(20)/ε, ln(100)/ε and ln(1000)/ε; the exact probabilities come from the "
        "distribution of a sum of k Laplace variables. The largest gap between the book and the "
        "exact recovery probability is **{gap} percentage points** (ε = {eps}, k = {k})."
    ),
    "table_lesson": (
        "The lesson of the table: at ε = 0.1 a single answer is off by more than 23 nine times in "
        "ten, yet 10,000 repeats recover the count almost surely. Fresh noise on every repeat is "
        "not a defence; the budget must account for every answer."
    ),
    # ------------------------------------------------------------------ defence
    "def_intro": (
        "Defence 1, **split the budget**: the server has a total budget ε and answers k questions "
        "with ε/k each (sequential composition), so more questions mean noisier answers."
    ),
    "def_eps": "Total privacy budget ε",
    "def_k": "Number of repeated questions k",
    "def_truth": (
        "This tab attacks the course's zoo count (true count **{truth}**), whatever count is chosen on the "
        "Averaging tab."
    ),
    "def_naive_title": "Naive server: ε per answer\nat ε = {eps}",
    "def_split_title": "Budget split: ε/k per answer\nat a total ε = {eps}",
    "def_naive_text": (
        "Naive server: every answer spends ε = {eps}, so after k = {k} answers it has spent "
        "**k·ε = {spent}**. Exact probability that the attacker recovers the count: **{p}**."
    ),
    "def_split_text": (
        "Budget split: each answer gets ε/k = {per}, so the whole series spends **ε = {eps}**. "
        "Exact probability that the attacker recovers the count: **{p}**; the spread of the "
        "attacker's mean is {sd}: it grows like √k."
    ),
    "def_spread_title": "Spread of the attacker's mean\nat ε = {eps}",
    "def_spread_x": "Repeated questions k (log scale)",
    "def_spread_y": "Standard deviation (log scale)",
    "def_spread_naive": "Naive: ε per answer",
    "def_spread_split": "Split: ε/k per answer",
    "def_spread_zone": "Danger zone half-width 0.5",
    "def_spread_text": "The naive spread shrinks like 1/√k, so the attacker's mean ends in the danger zone; the split spread grows like √k, so it never does.",
    "cache_title": "Defence 2: cache the answers",
    "cache_intro": (
        "The server remembers each question it has answered and returns the **same** noisy answer "
        "when it is asked again. The attacker's mean of k identical answers is just the first "
        "answer, so repeating the question teaches nothing, and the server spends ε only once."
    ),
    "cache_text": (
        "With caching the probability of exact recovery is **{p}** for every k: the probability "
        "that one Laplace noise is smaller than 0.5, 1 − e^(−ε/2). Privacy spent: **ε = {eps}**, "
        "however often the question is asked."
    ),
    "cache_caveat": (
        "Caching alone is not enough: an attacker can rephrase the question (“more than 55” and "
        "“at least 56” are different texts with the same answer). Real systems combine caching with "
        "a budget that counts every distinct question."
    ),
    "cache_traces_title": "Cached answers never move\nat ε = {eps}",
    # --- 5. reconstruction
    "rec_intro": (
        "A table of 60 people holds one secret bit each (say, a diagnosis). An analyst may only ask "
        "**counts of subsets** (\"how many of these 30 people have it?\"), each answered with some noise. "
        "Ask enough such questions and the secret column comes back whole: the attacker solves for the "
        "bits that best explain every answer (a linear program). Dinur and Nissim proved it in 2003; the US "
        "Census Bureau reconstructed its own 2010 tables this way and moved to differential privacy for 2020."
    ),
    "rec_queries": "Questions asked (subset counts)",
    "rec_noise": "Noise on each answer (Laplace scale, in people)",
    "rec_epsilon": "Total ε for all the answers (green line)",
    "rec_noise_line": "noise of {b} people",
    "rec_dp_line": "noise for the total ε (DP)",
    "rec_series": "Each answer's noise",
    "rec_chart_title": "Share of people whose secret comes back\nagainst the number of questions",
    "rec_queries_axis": "Questions asked",
    "rec_recovered_axis": "People recovered",
    "rec_here": "your attack",
    "rec_people_title": "Your attack,\nperson by person\n(red: secret recovered)",
    "rec_right": "secret recovered",
    "rec_wrong": "missed",
    "rec_has": "has it",
    "rec_has_not": "does not have it",
    "rec_person": "This person",
    "rec_secret": "True secret",
    "rec_summary": (
        "With {m} questions and noise of about {b} on each answer, the attacker gets **{right} of "
        "{people}** secrets right ({share}); answering \"no\" for everybody would get {baseline}. Noise alone is no defence: a fixed "
        "noise is beaten by asking more questions. Differential privacy fixes the **total** budget instead: "
        "with ε = {eps} (δ = {delta}) for all answers together, each of {dp_m} answers carries noise of "
        "scale {dp_scale} people, and the attack recovers {dp_share}: what it gets right, it gets by guessing."
    ),
}

TEXT = Texts(EN, __name__)
