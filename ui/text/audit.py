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
        "simulations draw, fail the exact test as well."
    ),
    "mechanism": "Mechanism",
    "draws": "Outputs drawn on each input",
    "method": (
        "The inputs: a count of 10 against 11 for the noise mechanisms; an answer yes against no for "
        "randomized response; a vote table against the same table with one vote moved for the "
        "exponential mechanism; one user's item 0 against item 1 (of 8) for the local oracles. The first "
        "half of the draws picks the thresholds, the second half measures them, so the bound is honest "
        "at the stated confidence. The exact test checks the first 5,000 outputs on each input against "
        "the sampler's own arithmetic. It is a **simulation** with the sidebar's seed."
    ),
    "chart_title": "Lower bound on ε after {draws} draws:\nhow it tightens as the draws grow",
    "draws_axis": "Outputs drawn on each input",
    "epsilon_axis": "ε",
    "series_title": "Audit",
    "bound_line": "lower bound from the outputs",
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
        "leaves no such gaps. (The chart draws an infinite bound at 4 times the promise.)"
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
