"""Sentences of the Local DP page (the survey's frequency oracles, RAPPOR, shuffling), kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Local DP: oracles, RAPPOR, shuffling",
    "intro": (
        "Nobody trusts the collector: every user randomizes their own answer among d categories. The "
        "survey's frequency oracles differ in how they encode it, how many bits they send and how large "
        "their error is. Everything here is a **simulation** with the sidebar's seed."
    ),
    "tab_oracles": "1. Oracles",
    "tab_choose": "2. Which oracle?",
    "tab_post": "3. Post-processing",
    "tab_rappor": "4. RAPPOR",
    "tab_central": "5. Central vs local",
    "tab_shuffle": "6. Shuffling",
    "tab_poison": "7. Poisoning",
    # --- controls
    "column": "Column (the answer each user reports)",
    "users": "Users",
    "users_data": "the data's people",
    "users_help": (
        "The bundled datasets hold a few hundred people, too few for local DP. A larger number "
        "simulates that many users with the column's shares."
    ),
    "epsilon": "ε of each user's report",
    "repeats": "Repeated runs (for the measured variance)",
    "oracle": "Oracle",
    "domain": "Domain size d (number of categories)",
    "n": "Number of users n",
    "accuracy": "Accuracy wanted: each share within ±",
    "epsilon0": "ε₀ of each user's report",
    "target": "Item the attacker promotes",
    "fake_share": "Fake users (per genuine user)",
    "no_column": "This dataset has no column with 2 to {max} different values: pick another dataset in the sidebar.",
    # --- population
    "population_simulated": "**Simulation**: {users} users with the shares of the column *{column}* (the data has {n}).",
    "population_data": "The {n} of the column *{column}*, each reporting their own answer (a **simulation** of their reports).",
    "categories_public": "Its {d} categories are the dataset's declared (public) list.",
    "categories_found": "Its {d} categories are the values found in the data; a real deployment fixes this list in public beforehand.",
    # --- oracle names
    "oracle_grr": "GRR",
    "oracle_sue": "SUE (RAPPOR)",
    "oracle_oue": "OUE",
    "oracle_blh": "BLH",
    "oracle_olh": "OLH",
    "oracle_hr": "Hadamard",
    "oracle_kss": "k-subset",
    # --- shared chart words
    "category_axis": "Category",
    "share_axis": "Share of users",
    "series_title": "Oracle",
    "truth": "True share",
    "points": "±{pp} points",
    # --- tab 1
    "oracles_chart_title": "True shares (bars) and\neach oracle's estimate\n(dots, one run, ε = {eps})",
    "col_oracle": "Oracle",
    "col_bits": "Bits sent per user",
    "col_table2": "n · variance, Table 2",
    "col_exact": "n · variance, exact",
    "col_measured": "n · variance, measured",
    "col_error": "Typical error of a share",
    "oracles_summary": (
        "Each oracle ran {repeats} times on the same {n} users (d = {d}, ε = {eps}). \"Table 2\" is the "
        "survey's variance for a rare category; \"exact\" adds the term that depends on each category's "
        "share; \"measured\" is the variance of the {repeats} estimates. The three agree up to the "
        "randomness of {repeats} runs. The least variance here: **{best}**."
    ),
    "oracles_glossary": (
        "**GRR** (direct encoding) sends the answer itself, true with probability e^ε/(e^ε+d−1). "
        "**SUE** (basic RAPPOR) and **OUE** send one bit per category, each flipped with its own probability. "
        "**BLH** and **OLH** hash the answer with a random hash function (to 2 or e^ε+1 values) and "
        "randomize the hash. **Hadamard** sends one bit of a Hadamard code. **k-subset** sends a set of k "
        "categories that contains the true one more often than not."
    ),
    # --- tab 2
    "mse_axis": "Typical error of one share\n(percentage points)",
    "post_error_axis": "Typical error (points)",
    "epsilon_axis": "ε",
    "domain_axis": "Domain size d",
    "by_epsilon_title": "Error against ε, marked at ε = {eps}\n(thick: the best oracle there)",
    "by_domain_title": "Error against d at ε = {eps}\n(GRR wins left of the\ndotted line)",
    "here_note": "here: {oracle}",
    "crossover_note": "d = 3e^ε + 2 ≈ {d}",
    "choose_summary": (
        "At ε = {eps} with d = {d} categories and n = {n} users, the best oracle is **{best}**: a share is "
        "typically off by ±{error} percentage points, and each user sends {bits} bits."
    ),
    "choose_rule": (
        "GRR's typical error is {ratio} times the best one's. The survey's rule of thumb: GRR while "
        "d < 3e^ε + 2 (≈ {crossover} here), OUE or OLH above (OLH sends fewer bits; OUE is simpler to compute)."
    ),
    "kss_note": (
        "k-subset (each user sends a set of k = {k} categories) edges ahead here: {other}'s error is "
        "{percent} larger, for far fewer bits."
    ),
    # --- tab 3
    "post_none": "Raw (unbiased)",
    "post_clip": "Clip negatives to 0",
    "post_normalize": "Shift to sum to 100%",
    "post_norm_sub": "Norm-Sub",
    "post_simplex": "Projection onto the simplex",
    "post_method": "Post-processing",
    "post_chart_title": "One run of the oracle at ε = {eps}:\nraw estimates and the same\nafter projection",
    "post_errors_title": "Typical error after each\npost-processing at ε = {eps} (root\nmean squared error over the runs)",
    "post_summary": (
        "{oracle}'s raw estimates in this run: {negative} of {d} are below zero and together they add up to "
        "{total}. Post-processing uses only the published estimates, so it costs no privacy. Over {repeats} "
        "runs the best method here is **{best}**, with a typical error {gain} lower than the raw "
        "estimates'. Norm-Sub (set negatives to zero, shift the rest down) and the projection onto the "
        "simplex give the same numbers whenever the positive estimates add up to at least 100%. Their price is a small bias: rare "
        "categories come out slightly too high."
    ),
    # --- tab 4
    "bloom_k": "Bloom filter size k (bits)",
    "hashes": "Hash functions h",
    "permanent_f": "Permanent randomization f",
    "days": "Days one user reports",
    "rappor_decoded": "Decoded by the collector",
    "rappor_chart_title": "RAPPOR: true shares and\nthe shares decoded from\none report per user",
    "rappor_summary": (
        "Each user hashes their answer into a {k}-bit Bloom filter with {h} hash functions (users are split into "
        "{m} cohorts, each with its own hash functions), keeps a **permanent** randomized copy (each bit replaced "
        "by a coin toss with probability f = {f}) and sends an **instantaneous** randomization of that copy "
        "(p = 0.5, q = 0.75). One report is ε₁ = {eps_one}-DP; all reports of one value together are at most "
        "ε∞ = {eps_inf}-DP, however many days. The collector knows the candidate answers and decodes their shares "
        "by non-negative least squares: here a share is off by about ±{error} percentage points with {n} users."
    ),
    "rappor_match_permanent": "Guess matches the permanent copy B′",
    "rappor_match_true": "Guess matches the true Bloom filter B",
    "rappor_series": "An attacker averaging one user's reports",
    "rappor_days_title": "One user's reports averaged\nover the days: bits the\nattacker guesses right",
    "days_axis": "Days of reports",
    "bits_right_axis": "Bits guessed right",
    "rappor_days_summary": (
        "One user sends the same answer for {days} days. An attacker who averages all the reports recovers "
        "the permanent copy B′ ({permanent} of its bits right) but not the true Bloom filter B ({true} right): "
        "the permanent step changed {differ} of this user's bits once and for ever, so no number of days "
        "reveals more than ε∞ = {eps_inf} allows. Without it, averaging would reveal B, and the answer with it."
    ),
    # --- tab 5
    "local_line": "Local: {oracle}",
    "local_best_line": "Local: the best oracle",
    "central_line": "Central: Laplace histogram",
    "model_title": "Model",
    "central_chart_title": "Typical error of one share at ε = {eps}\nagainst the number of users\n(crosses: the chosen n)",
    "users_axis": "Number of users n",
    "error_axis": "Typical error of a share (percentage points)",
    "col_model": "Model",
    "col_error_at_n": "Typical error at n = {n}",
    "col_needed": "Users needed for ±{pp} points at 95%",
    "central_summary": (
        "At n = {n} the local estimate's error is {ratio} times the central one's (√n = {sqrt}): the "
        "central error shrinks like 1/n, the local one like 1/√n, so the gap grows like √n (the course, "
        "section 6.4). For ±{pp} percentage points at 95% the local model needs {times} times as many "
        "users. The central model needs a curator everybody trusts; the local one needs nobody."
    ),
    # --- tab 6
    "shuffle_numeric": "ε₀ = {eps0}, numerical bound",
    "shuffle_closed": "ε₀ = {eps0}, closed form",
    "shuffle_series": "Each user's ε₀",
    "shuffle_chart_title": "Central ε after shuffling,\nagainst the number of users\n(Feldman, McMillan, Talwar 2021)",
    "central_eps_axis": "Central ε of the shuffled reports",
    "shuffle_note": "ε ≤ {eps}",
    "class_note": "a class of 30",
    "closed_value": "the closed form gives {eps}",
    "closed_not_applicable": "the closed form does not apply at this n (it needs ε₀ ≤ ln(n / (16 ln(2/δ))))",
    "shuffle_summary": (
        "{n} users each send an ε₀ = {eps0} local report; a shuffler removes who sent what and mixes them. "
        "The collector's view is then (ε, δ)-DP with ε ≤ **{central}** for δ = {delta} (numerical bound; "
        "{closed}). Shuffling never makes things worse: the bound never exceeds ε₀. In a class of "
        "{class_size} the bound is {in_class}, {kept} of ε₀: with so few others to hide among, shuffling "
        "gives almost no amplification."
    ),
    # --- tab 7
    "poison_chart_title": "How far fake users move\nthe target's estimate (bars:\nsimulated; ticks: the paper)",
    "gain_axis": "Rise of the target's estimated share (percentage points)",
    "gain_expected": "Expected rise (percentage points)",
    "poison_summary": (
        "{m} fake users ({share} of the {n} genuine ones) send reports crafted to promote *{target}* (true "
        "share {true}). The estimate rises most under **{most}** (+{most_pp} points) and least under "
        "**{least}** (+{least_pp} points). The rise grows with the oracle's own noise: the collector scales "
        "every report up to undo the randomization, a forged one included, so the noisier the oracle (GRR "
        "for large d, any oracle at a small ε), the further fake users move it. Stronger privacy, weaker "
        "defence against poisoning (Cao, Jia and Gong, 2021)."
    ),
}

TEXT = Texts(EN, __name__)
