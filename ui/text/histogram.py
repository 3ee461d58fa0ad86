"""Sentences of the Histogram & neighbour page, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Histogram and its neighbour",
    "intro": (
        "A histogram is released with noise on every bar. Next to it you see the same release "
        "computed on a neighbouring dataset D′, in which one person was removed or changed. "
        "Differential privacy means the two releases are hard to tell apart."
    ),
    "tab_histogram": "Histogram and neighbour",
    "tab_zoo": "Zoo count (Experiment 6-1)",
    "section_data": "1. What to count",
    "section_neighbour": "2. The neighbour D′",
    "column": "Column",
    "mode": "Bins",
    "mode_bounds": "Equal-width bins on public bounds",
    "mode_categories": "Declared categories",
    "lower": "Lower bound",
    "upper": "Upper bound",
    "bins": "Number of bins",
    "categories": "Categories (all of them, empty ones included)",
    "why_public_bins_title": "Why public bounds and categories?",
    "why_public_bins": (
        "Why public bounds? If the bins followed the data's smallest and largest values, the "
        "release would reveal those values, which belong to real people. Bounds and categories "
        "must come from public knowledge (for example: ages run from 0 to 120). Every declared "
        "bin is released, empty ones too: a release that listed only the non-empty bins would "
        "tell an attacker for certain that somebody is in each of them."
    ),
    "data_hint_categories": "Prefilled with the categories found in the file, so this list is not private, even after edits: it can be charted here, but not released. To declare the categories, press “Clear the list and type my own” and type every possible category from public knowledge, empty ones included.",
    "categories_type": "Type each category from public knowledge and press Enter, empty ones included.",
    "categories_clear": "Clear the list and type my own",
    "left_out": "Not counted: {missing:,} missing values and {outside:,} values outside the declared categories.",
    "clamped": "{clamped:,} values lie outside the public bounds {lower:g} to {upper:g} and were put into the end bars. If that is many, widen the bounds (from public knowledge, not from the data).",
    "bounds_needed": "This column has no public bounds yet. Set the lower and upper bound from what is publicly known about it (never from the data's own smallest and largest values, which belong to real people).",
    "bounds_typical": "Use typical public bounds {lower:g} to {upper:g}",
    "bounds_typical_help": "Typical bounds for a column with this name, from public definitions.",
    "band_explained": "The pink band marks the bar “{label}”, the only one where D and D′ differ: one person.",
    "neighbour_kind": "How D′ differs from D",
    "neighbour_course": "The course's neighbour file ({file})",
    "neighbour_remove": "Remove one record (add/remove neighbours)",
    "neighbour_replace": "Change one record (substitution neighbours)",
    "row": "Record (row number, from 0)",
    "record_shown": "The record that leaves or changes:",
    "new_value": "Its new value",
    "sensitivity_remove": "Add/remove neighbours: one person touches one bar, so the histogram's sensitivity is Δ₁ = 1 (and Δ₂ = 1).",
    "sensitivity_replace": "Substitution neighbours: one bar loses a person and another gains one, so the sensitivity is Δ₁ = 2 (and Δ₂ = √2 ≈ 1.41). The noise doubles for the same ε.",
    "sensitivity_course": "The course's neighbour removes one person, so the histogram's sensitivity is Δ₁ = 1 (and Δ₂ = 1).",
    "not_neighbours": "These two files differ by {l1:g} people in this histogram, so they are not neighbours: a neighbour differs by one person.",
    "same_histograms": "With these bins D and D′ give the same histogram, so nothing here can tell them apart. Pick another record or new value to see a difference.",
    "noise_scale": "Noise per bar: {kind} with scale {scale} (standard deviation {std}), calibrated as {calibration}.",
    "calibration_laplace": "b = Δ₁/ε",
    "calibration_discrete_laplace": "t = Δ₁/ε",
    "calibration_gaussian-analytic": "the analytic Gaussian (Balle & Wang 2018, exact)",
    "calibration_gaussian-classic": "the classic formula σ = Δ₂·√(2 ln(1.25/δ))/ε",
    "noisy_d": "D (noisy)",
    "noisy_dp": "D′ (noisy)",
    "true_title": "True histograms: D and D′",
    "noisy_title": "Noisy counts at ε = {eps} (±95%)",
    "dist_title": "The bar that differs: outputs under D and D′",
    "dist_subtitle": "bar “{label}”",
    "count_axis": "Number of people",
    "share_axis": "Share of people",
    "bin_axis": "Bin",
    "output_axis": "Noisy count released for this bar",
    "density_axis": "Probability density",
    "pmf_axis": "Probability",
    "under_d": "under D",
    "under_dp": "under D′",
    "observed_marker": "O = {observed:.1f}",
    "ratio": (
        "The observed value O = {observed} is {ratio} times as likely under D as under D′. "
        "ε-differential privacy caps this ratio at e^ε = {cap}."
    ),
    "ratio_gaussian_over": "Here the ratio exceeds e^ε: the Gaussian mechanism allows this on outputs of total probability at most δ = {delta}.",
    "utility_title": "Utility in plain words",
    "utility_expected": "On average each bar is off by about {n} people.",
    "utility_expected_one": "On average each bar is off by about {n} person.",
    "utility_interval": "95% of the time a bar is within ±{half} of the truth.",
    "utility_l1": "This draw's total error over all bars (L1): {n} people.",
    "utility_l1_one": "This draw's total error over all bars (L1): {n} person.",
    "post_title": "Post-processing (costs no privacy)",
    "post_note": "Anything computed from the noisy release alone, without looking at the data again, keeps the same privacy guarantee (post-processing, course Theorem 6-1).",
    "clamp": "Clamp negative counts at 0",
    "round": "Round to whole numbers",
    "normalise": "Normalise to shares",
    "simulation_label": "The noisy charts are a simulation with numpy and the seed, so that the same seed shows the same picture.",
    "numbers_title": "The numbers behind the charts",
    "numbers_at": "At ε = {eps}, the value the chart shows.",
    "numbers_noisy_d": "D, noisy",
    "numbers_noisy_dp": "D′, noisy",
    "release_title": "A real release",
    "release_note": "A release you download is drawn with OpenDP's vetted samplers, which are safe against floating-point attacks, not with the simulation above. It is not reproducible from the seed, and every release you draw spends ε again (sequential composition).",
    "release_button": "Draw a release of D's histogram",
    "release_download": "Download the release (CSV)",
    "release_undeclared": (
        "No release from this list: its categories were read from the data, so the list itself is not "
        "private (a category held by one person would appear only when that person is in the data, "
        "whatever the noise). To release, declare the categories: press “Clear the list and type my "
        "own” and type every possible category from public knowledge, empty ones included."
    ),
    "release_analytic": "A release always calibrates the Gaussian with the analytic formula, which is exact at every ε; the classic formula is only a comparison for the charts.",
    "release_bins_catalog": "Its bins are the dataset's documented categories.",
    "release_bins_typed": "Its bins are the categories you declared.",
    "release_bins_public_bounds": "Its bins are equal-width bins on the public bounds you set.",
    "release_drawn": "Release drawn with OpenDP ({kind}, ε = {epsilon:g}). Post-processing as chosen above has been applied.",
    "zoo_intro": (
        "The course's Experiment 6-1: the count of animals eating more than {threshold:g} carrots a day, "
        "on zoo.csv (D) and on zoo_nb.csv (D′, without the Dugong). Scheme 1 (interactive) adds "
        "Laplace noise to the answer; scheme 2 (non-interactive) adds Laplace noise to every record "
        "once and then counts the noisy records."
    ),
    "zoo_threshold": "Count animals eating more than",
    "zoo_eps": "Budgets ε to compare",
    "zoo_truth": "True answers: {d} on D and {dp} on D′.",
    "zoo_table_eps": "ε",
    "zoo_table_scheme": "Scheme",
    "zoo_table_d": "Answer on D",
    "zoo_table_dp": "Answer on D′",
    "zoo_table_shows": "Difference shows?",
    "zoo_interactive": "1: noise on the answer",
    "zoo_noninteractive": "2: noise on every record",
    "zoo_yes": "yes",
    "zoo_no": "no",
    "zoo_reading": "At ε = 10 the noise is so small that the answers still differ by one, exactly as the true counts do: the Dugong's departure shows. At ε = 0.1 the noise drowns that difference (the course saw 99 for the true 90).",
    "zoo_sensitivity_note": "The course adds Lap(1/ε) to each record in scheme 2. A record's carrots can be anything from 0 to 100, so protecting the value itself would need Lap(100/ε).",
    "zoo_chart_title": "Noisy answers on D and D′",
    "zoo_count_axis": "Noisy count of animals",
    "zoo_pick_eps": "Choose at least one ε to compare.",
    "zoo_guarantee": (
        "**What each scheme really guarantees against removing the Dugong.** Scheme 1 is ε-DP: "
        "a count changes by at most 1. Scheme 2 puts Lap(1/ε) on every animal's carrots, which hides "
        "a value but not whether the Dugong is there at all: its noisy value still crosses the "
        "threshold with a large probability. Computed exactly, scheme 2 is only (ε, δ)-DP with:"
    ),
    "zoo_guarantee_row": "- at ε = {eps}: δ = {delta} (a δ this large means no real protection)",
}

TEXT = Texts(EN, __name__)
