"""Sentences of the Audit page, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Audit: does each mechanism keep its promise?",
    "intro": (
        "A mechanism promises ε: on two neighbouring inputs, every set of outputs is at most e^ε times "
        "as likely on one as on the other. An audit draws many outputs on both inputs and finds the "
        "test that tells them apart best; Clopper-Pearson intervals, corrected for the number of tests, "
        "turn its error rates into a lower bound on the true ε (Jagielski, Ullman and Oprea 2020). A "
        "correct mechanism's bound stays at or below its promise; a broken one's rises above it. An exact "
        "test then asks of each output whether the other input could have produced it at all: one that it "
        "could not has probability 0 there, so it needs δ at least its probability, whatever ε. Three "
        "mechanisms below are **broken on purpose**; numpy's Laplace and Gaussian, which the app's "
        "simulations draw, fail the exact test as well. The first part audits from many draws on two fixed "
        "inputs, beside a Gaussian fit that is tight for Gaussian noise and the best simple attack's success; "
        "the second audits in one run with canaries, as machine learning is audited, and shows why such "
        "audits stay far below the true ε."
    ),
    "tab_draws": "1. Two inputs, many draws",
    "tab_one_run": "2. One run with canaries",
    "mechanism": "Mechanism",
    "draws": "Outputs drawn on each input",
    "method": (
        "The inputs: a count of 10 against 11 for the noise mechanisms; an answer yes against no for "
        "randomized response; a vote table against the same table with one vote moved for the "
        "exponential mechanism; one user's item 0 against item 1 (of 8) for the local oracles. The first "
        "half of the draws picks the thresholds, the second half measures them (the Gaussian fit picks "
        "on a tenth and measures on the rest), so the bounds are honest at the stated confidence. The "
        "exact test checks the first 5,000 outputs on each input against the sampler's own arithmetic. "
        "It is a **simulation** with the sidebar's seed."
    ),
    "chart_title": "Bounds on ε at {draws} draws:\nhow they tighten as draws grow",
    "draws_axis": "Outputs drawn on each input",
    "epsilon_axis": "ε",
    "series_title": "Audit",
    "bound_line": "Clopper-Pearson bound",
    "gdp_line": "Gaussian fit (GDP)",
    "exact_line": "exact test: ε = ∞",
    "promise_line": "promised ε",
    "verdict_consistent": (
        "With {draws} outputs on each input the audit shows ε ≥ **{bound}** against a promise of ε = {eps} "
        "(δ = {delta}): **consistent** with the promise (at {alpha} risk of a false alarm). An audit can "
        "only catch a broken mechanism, never prove a correct one: the proof is the mathematics."
    ),
    "verdict_violates": (
        "With {draws} outputs on each input the audit shows ε ≥ **{bound}**, above the promised ε = {eps} "
        "(δ = {delta}): the mechanism **breaks its promise** (the chance of this being a false alarm is "
        "below {alpha})."
    ),
    "ruled_out": (
        "{share} of the {checked} outputs checked could not have come from the other input at all: the "
        "rounding of floating-point numbers leaves gaps that identify the input (Mironov 2012), and "
        "such outputs need δ at least their probability, whatever ε. OpenDP draws its noise exactly and "
        "leaves no such gaps. (The chart marks an infinite bound with a cross above the curves.)"
    ),
    "gap_none": (
        "The exact test found none of the {checked} outputs checked impossible on the other input: no "
        "gaps that identify it."
    ),
    "simulation": (
        "This is numpy's sampler, as the app's simulations draw: a **simulation** of the mechanism, not "
        "a release. numpy's floating-point samplers are not built to be exactly differentially private "
        "(its Laplace is not), so a release is drawn with OpenDP."
    ),
    "tight_head_audit": "On the same draws",
    "tight_head_eps": "ε at least",
    "tight_head_share": "of the promise",
    "tight_cp": "Clopper-Pearson, a threshold test",
    "tight_gdp": "Gaussian fit, μ ≥ {mu}",
    "tight_gdp_none": "–",
    "gdp_assumes": (
        "The Gaussian fit assumes the mechanism's trade-off curve is a Gaussian's (true of Gaussian noise "
        "and of DP-SGD), so that one test's two error rates fix μ, and μ fixes ε at δ = {delta} (Dong, Roth "
        "and Su 2022; Nasr et al. 2023). μ holds for any mechanism; the ε read from it only under that "
        "assumption."
    ),
    "gdp_pure": (
        "This mechanism promises δ = 0, and no Gaussian curve is (ε, 0)-DP. Read as if it were Gaussian, "
        "μ ≥ {mu} would claim ε ≥ {as_if} at δ = 10⁻⁵; if the promise held, ε would be at most {eps} at every "
        "δ, so that figure is not a bound: the assumption fails, and Clopper-Pearson is the audit to read here."
    ),
    "attack_head_attack": "Attack",
    "attack_head_measured": "measured",
    "attack_head_interval": "{confidence} interval",
    "attack_head_promise": "most allowed",
    "attack_auroc": "AUROC",
    "attack_tpr": "TPR at FPR {fpr}",
    "attack_note": (
        "The attack, the best simple one, says D′ when the output lies on D′'s side; its ROC curve goes "
        "through every threshold: AUROC 0.5 is a coin toss, 1 a certain guess, and TPR at a low FPR is what "
        "matters when a wrong accusation is costly. Intervals: {resamples} bootstrap resamples of the same draws "
        "(seeded). The last column is the most any (ε, δ) = ({eps}, {delta}) mechanism allows: a tight "
        "mechanism's measure may pass it by chance, inside its interval; an interval wholly above it would "
        "break the promise."
    ),
    "canaries": "Canaries in the run",
    "one_chart_title": "One run, {canaries} canaries:\nbound vs. a perfect attacker",
    "canaries_axis": "Canaries in the run",
    "perfect_line": "a perfect attacker, every guess right",
    "one_run_line": "this mechanism in one run",
    "one_run_note": "ε ≥ {eps}",
    "perfect_note": "at most {eps}",
    "one_run_result": (
        "One run with {canaries} canaries, {included} of them included by a coin toss. The auditor guessed "
        "the {half} highest outputs in and the {half} lowest out: {correct} of {guesses} guesses right "
        "({share}). That shows ε ≥ **{bound}** against a promise of ε = {eps} (δ = {delta}), with {confidence} "
        "confidence: the best of {tried} numbers of guesses tried, each tested at level {level}."
    ),
    "one_run_none": (
        "One run with {canaries} canaries, {included} of them included by a coin toss: no number of guesses "
        "showed any ε above 0 (the best: {correct} of {guesses} right), against a promise of ε = {eps} "
        "(δ = {delta})."
    ),
    "one_run_cap": (
        "Even a perfect attacker, every one of {canaries} guesses right, could show at most ε = **{perfect}** "
        "here: a one-run audit cannot see past that, however much the mechanism leaks. Models are often "
        "trained at ε = 8 and audited with about a thousand canaries, where even a perfect attacker stops at "
        "5.8: that is why audits of machine learning stay far below the true ε."
    ),
    "one_run_delta": (
        "At δ = {delta} the bound also pays for the chance δ that each canary slips (2mδ = {slack} here): "
        "past about {peak} canaries, more of them show less, not more."
    ),
    "one_run_delta_none": (
        "At δ = {delta} the bound also pays for the chance δ that each canary slips (2mδ = {slack} here): "
        "so large a δ leaves nothing a single run can show, even to a perfect attacker."
    ),
    "one_run_method": (
        "How the run is made: each canary has an input of its own, D′ if it is included and D if not (for "
        "the noise mechanisms a count of 11 or 10), and the mechanism releases all the outputs at once: one "
        "run of a mechanism that is (ε, δ)-DP for each canary. The bound is Steinke, Nasr and Jagielski's "
        "(2023): if the mechanism kept its promise, the right guesses could not beat a binomial with success "
        "e^ε / (1 + e^ε) but by chance. A **simulation** with the sidebar's seed."
    ),
    "mech_laplace": "Laplace (numpy simulation)",
    "mech_laplace_opendp": "Laplace (OpenDP, as a release draws it)",
    "mech_discrete_laplace": "Discrete Laplace (numpy simulation)",
    "mech_gaussian": "Gaussian (numpy simulation, analytic calibration, δ = 10⁻⁵)",
    "mech_randomized_response": "Randomized response",
    "mech_exponential": "Exponential mechanism (a vote)",
    "mech_ldp_grr": "Local oracle GRR",
    "mech_ldp_sue": "Local oracle SUE (basic RAPPOR)",
    "mech_ldp_oue": "Local oracle OUE",
    "mech_ldp_blh": "Local oracle BLH",
    "mech_ldp_olh": "Local oracle OLH",
    "mech_ldp_hr": "Local oracle Hadamard",
    "mech_ldp_kss": "Local oracle k-subset",
    "mech_broken_laplace_half_scale": "Broken: Laplace with half the scale",
    "mech_broken_gaussian_classic": "Broken: classic Gaussian at ε = 10",
    "mech_broken_naive_laplace": "Broken: textbook floating-point Laplace",
}

TEXT = Texts(EN, __name__)
