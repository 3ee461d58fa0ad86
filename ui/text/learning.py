"""Sentences of the Machine learning page, kept together for translation."""

from ui.i18n import Texts

EN: dict[str, str] = {
    "title": "Machine learning with DP: DP-SGD, its cost and its attacks",
    "intro": (
        "A model trained on people's records can give away who was in its training set. DP-SGD (Abadi et al. "
        "2016) trains with a guarantee: at each step it takes each training row with probability q, clips "
        "every row's gradient to a norm C, so that no row moves the step by more than C, and adds Gaussian "
        "noise of standard deviation σ·C to their sum. The moments accountant of the course adds up what the "
        "steps cost as ε. Here a model is trained at several ε and without privacy on the same rows, and then "
        "attacked: does it tell its training rows from others? Every model, split and attack is a "
        "**simulation** drawn from the sidebar's seed, trained once on the server for everyone at the same settings."
    ),
    "tab_train": "1. Train",
    "tab_account": "2. Account",
    "tab_tradeoff": "3. Across ε",
    "tab_attack": "4. Attack",
    # ------------------------------------------------------------------ data and knobs
    "no_target": (
        "**{name}** has no column with exactly two values to predict (such as yes or no) and enough rows "
        "with declared categories or bounds to learn from: DP-SGD needs a table of people, one per row."
    ),
    "use_adult": "Use UCI Adult (census records, income above 50K)",
    "data_expander": "What the model learns from",
    "target": "Column to predict",
    "target_help": "A column with exactly two values: its declared categories, or the two values it holds.",
    "features": "Inputs",
    "features_help": (
        "Columns the model reads, each on its declared domain: categories one-hot encoded, numbers clipped to "
        "public bounds and scaled to 0-1. A column without declared categories or bounds is refused: a domain "
        "read from the data would give away some of its people."
    ),
    "rows": "Rows drawn from the table",
    "rows_help": (
        "A random sample (from the seed), half for training and half held out. Fewer rows make privacy "
        "dearer and overfitting easier. At most {maximum}."
    ),
    "model": "Model",
    "model_logistic": "Logistic regression",
    "model_mlp": "One hidden layer ({hidden} units)",
    "batch": "Batch size B",
    "batch_help": "The expected number of rows per step: each row joins a step with probability q = B / n.",
    "epochs": "Epochs",
    "epochs_help": "Passes over the training rows: ceil(epochs / q) steps, each one priced by the accountant.",
    "clipping": "Clipping norm C",
    "clipping_help": "Each row's gradient is scaled down to this norm at most; the noise is σ·C.",
    "learning_rate": "Learning rate",
    "learning_rate_help": "The size of each step (SGD with momentum 0.5), the same with and without privacy.",
    # ------------------------------------------------------------------ background training
    "busy": (
        "The server is already training {waiting} other grids, its limit: try again in a few minutes, or "
        "go back to settings already trained (the defaults are)."
    ),
    "failed": "Training these models failed on the server. Try other settings.",
    "wait_note": (
        "The models train on the server, once for everyone at these settings: leave this part and come back, "
        "or open another page; nothing is lost."
    ),
    "stage_line": "{stage} ({done} done)",
    "stage_queued": "Waiting for the server: place {ahead} in the queue",
    "stage_prepare": "Preparing the data",
    "stage_calibrate": "Finding the noise σ for ε = {eps}",
    "stage_train": "Training with DP-SGD at ε = {eps}",
    "stage_train_plain": "Training without privacy",
    "stage_shadows": "LiRA's shadow models for ε = {eps}: {done} of {total}",
    "stage_shadows_plain": "LiRA's shadow models for the model without privacy: {done} of {total}",
    "stage_attack": "Attacking the model trained at ε = {eps}",
    "stage_attack_plain": "Attacking the model trained without privacy",
    "stage_calibrate_sweep": "Finding the noise σ for {knob} = {value}",
    "stage_train_sweep": "Training with {knob} = {value}",
    "data_line": (
        "{rows} of the table's {available} rows with a known target: {train} train, {test} are held out "
        "(test rows, and the attack's non-members); {inputs} inputs; q = {q}, {steps} steps; δ = {delta}. "
        "A simulation with the sidebar's seed."
    ),
    # ------------------------------------------------------------------ 1. train
    "epsilon_slider": "ε of the DP-SGD model",
    "train_chart_title": "Test accuracy after each epoch,\nDP-SGD at ε = {eps}",
    "epoch_axis": "Epoch",
    "accuracy_axis": "Test accuracy",
    "epsilon_axis": "ε",
    "series_private": "DP-SGD",
    "series_plain": "Without privacy",
    "series_majority": "Always the most common label",
    "metric_sigma": "Noise σ",
    "metric_private": "DP-SGD",
    "metric_plain": "Without privacy",
    "metric_majority": "Majority",
    "train_reading": (
        "At ε = **{eps}** (δ = {delta}) the accountant asks for noise σ = **{sigma}**: each of the {steps} "
        "steps takes every training row with probability q = {q} and adds Gaussian noise of σ·C to the "
        "clipped gradients' sum. After {epochs} epochs the DP-SGD model is right on **{private}** of the {test} "
        "test rows, the same model trained without privacy on **{plain}**, and always answering the most "
        "common label ({label}) on {majority}."
    ),
    "train_cost": "Privacy costs {points} points of accuracy here.",
    "train_no_cost": "Privacy costs no accuracy here.",
    "train_below_majority": (
        "The noise is too strong for this model to beat the majority label: more rows, larger batches or a "
        "larger ε help."
    ),
    # ------------------------------------------------------------------ 2. account
    "acc_examples": "Training examples n",
    "acc_sigma": "Noise multiplier σ",
    "acc_sigma_help": "The noise's standard deviation divided by the clipping norm C.",
    "acc_course": "The course's check",
    "acc_computing": "Composing the steps…",
    "account_chart_title": "ε after each epoch,\nby two accountants",
    "series_rdp": "RDP: the moments accountant",
    "series_pld": "PLD: privacy loss distribution",
    "account_reading": (
        "After **{epochs}** epochs ({steps} steps, each taking every example with probability q = {batch}/{examples} "
        "= {q}, noise multiplier σ = {sigma}): **ε = {rdp}** by the moments accountant (RDP) and **ε = {pld}** "
        "by the privacy loss distribution (PLD), at δ = {delta}. PLD's answer is {saved} smaller for the same "
        "training."
    ),
    "account_why": (
        "Why PLD is tighter: the moments accountant keeps, for each of a few dozen Rényi orders, a bound on "
        "the privacy loss's moments, adds them up over the steps and converts the best one to (ε, δ) at the "
        "end: that conversion gives some away. PLD composes the whole distribution of the privacy loss "
        "itself (on a fine grid, rounded on the safe side) and reads δ at each ε from it: the exact answer for "
        "this mechanism, up to the grid. Both are guarantees; PLD's is simply closer to the truth."
    ),
    "account_course": (
        "The course's check: 60,000 examples, batches of 256, σ = 1.1, 60 epochs and δ = 10⁻⁵ give ε = 2.60 "
        "(RDP) and 2.38 (PLD); the button puts it back."
    ),
    "account_is_course": (
        "This is the course's check (Abadi et al. 2016 trained MNIST this way): dp-accounting gives ε = 2.60 "
        "by RDP and 2.38 by PLD."
    ),
    # ------------------------------------------------------------------ 3. trade-off
    "tradeoff_chart_title": "Test accuracy against ε:\nDP-SGD beside the model without privacy",
    "tradeoff_reading": (
        "At ε = {low} the DP-SGD model is right on **{low_acc}** of the {test} test rows, at ε = {high} on "
        "**{high_acc}**; without privacy **{plain}**, and always the most common label {majority}. Less noise buys "
        "accuracy until the model is as good as it gets: past that, a larger ε only gives privacy away. Each point "
        "is one training run: its noise moves it by a point or two."
    ),
    "sweep_knob": "What else moves the accuracy at ε = {eps}?",
    "knob_clipping": "Clipping norm C",
    "knob_batch": "Batch size B",
    "series_private_at": "DP-SGD at ε = {eps}",
    "sweep_chart_title": "Test accuracy at ε = {eps}\nby {knob}",
    "knob_name_clipping": "clipping norm C",
    "knob_name_batch": "batch size B",
    "sweep_none": "No batch size of this sweep fits the training rows.",
    "sweep_reading_clipping": (
        "At ε = {eps} the noise σ is the same for every C (it depends on q, the steps and δ only), but it is "
        "added as σ·C: a small C clips every gradient hard and biases the steps, a large C lets the noise "
        "drown them. Test accuracy by C (σ = {sigma} for all): {rows}. The best here is C = {best} ({best_acc}); "
        "the grid above uses C = {current}. Majority: {majority}."
    ),
    "sweep_reading_batch": (
        "At ε = {eps} a larger batch B means a larger q and fewer steps for the same epochs: the noise σ "
        "grows, but each step averages it over more rows. Test accuracy by B (noise σ): {rows}. The best here "
        "is B = {best} ({best_acc}); the grid above uses B = {current}. Majority: {majority}."
    ),
    # ------------------------------------------------------------------ 4. attack
    "fpr": "Read the attacks at this false-positive rate",
    "attack_chart_title": "Training rows found at {fpr} false positives:\nattacks against DP's bound",
    "tpr_axis": "Training rows found (TPR at {fpr} FPR)",
    "series_bound": "DP's bound (any attack)",
    "series_lira": "LiRA (Carlini et al.)",
    "series_loss": "Loss threshold (Yeom et al.)",
    "series_lira_plain": "LiRA, no privacy",
    "series_loss_plain": "Loss threshold, no privacy",
    "series_chance": "Chance (TPR = FPR)",
    "attack_plain_leaks": (
        "**Without privacy the model leaks.** Wrongly accusing {fpr} of the rows it never saw, LiRA finds "
        "**{lira}** of its {members} training rows and the loss threshold {loss}: up to **{times} times** what "
        "a guess would find (LiRA's AUROC {auroc}; at its best threshold an attack finds {advantage} more "
        "members than it falsely accuses)."
    ),
    "attack_plain_quiet": (
        "Without privacy this model leaks little that these attacks measure: at {fpr} false positives LiRA "
        "finds {lira} of its {members} training rows and the loss threshold {loss} ({times} times chance; "
        "LiRA's AUROC {auroc}). Fewer rows, more epochs or the hidden layer make it overfit and leak."
    ),
    "attack_dp": (
        "With DP-SGD at ε = {eps}, LiRA finds {lira} and the loss threshold {loss} ({times} times chance) at "
        "{fpr} false positives; DP's guarantee allows at most **{bound}**."
    ),
    "attack_far_below": (
        "**DP's bound is far above what these attacks reach**: at ε = {eps} it allows up to **{bound}** at "
        "{fpr} false positives, the best attack here finds {best}. The bound holds for the strongest attacker, "
        "who knows every other row and picks the row that stands out most; these attacks guess about average "
        "rows from the model's answers alone. A bound is a promise about the worst case, not a forecast."
    ),
    "attack_above_bound": (
        "At ε = {eps} {attack}'s measured rate, {tpr}, sits above the bound, {bound}: a measured rate is an "
        "estimate from about {count} falsely accused rows, and its 95% interval, {low} to {high}, reaches back "
        "under the bound. (Strictly, this split swaps a training row for a held-out one, which DP covers at twice "
        "ε: the chart draws the stricter add-or-remove bound.)"
    ),
    "attack_above_bound_sure": (
        "At ε = {eps} {attack}'s measured rate, {tpr}, sits above the bound, {bound}, and so does its 95% "
        "interval, {low} to {high} (about {count} falsely accused rows). This split swaps a training row for a "
        "held-out one, which DP covers at twice ε: the chart's add-or-remove bound is the stricter yardstick, "
        "and a rate above it does not by itself break the guarantee."
    ),
    "name_lira": "LiRA",
    "name_loss": "the loss threshold",
    "attack_few": (
        "Careful: at {fpr} only {count} of the {per_side} held-out rows may be falsely accused, so a rate read "
        "that low rests on a handful of rows and moves a lot with the seed; read the attacks at 1%, or draw more rows."
    ),
    "attack_simulation": (
        "A **simulation** with the sidebar's seed: {per_side} training rows (members) and as many held-out "
        "rows (non-members) are scored; LiRA uses {shadows} shadow models trained as the target was, each row "
        "in {half} of them. A rate of 0 is drawn at the bottom of the log axis; the table gives every number "
        "(intervals: 95% bootstrap)."
    ),
    "table_title": "Every number",
    "table_no_privacy": "no privacy",
    "table_epsilon": "ε",
    "table_sigma": "σ",
    "table_loss": "Loss threshold, TPR at {rates}",
    "table_lira": "LiRA, TPR at {rates}",
    "table_auroc": "LiRA AUROC",
    "table_bound": "DP's bound at {rates}",
}

TEXT = Texts(EN, __name__)
