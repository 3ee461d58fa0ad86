"""Limits and value grids the whole app agrees on: one place, so pages and checks never drift."""

from __future__ import annotations


def _log_grid(lowest_exponent: int, highest_exponent: int, mantissas: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(
        float(f"{m}e{e}") for e in range(lowest_exponent, highest_exponent + 1) for m in mantissas
    )


EPSILON_GRID: tuple[float, ...] = _log_grid(-3, 0, (1, 1.5, 2, 3, 5, 7)) + (10.0, 15.0, 20.0)
DELTA_GRID: tuple[float, ...] = tuple(10.0**-e for e in range(12, 0, -1))
SEED_MAX = 2**32 - 1
DEFAULT_SEED = 42
MAX_UPLOAD_MB = 200
# What the server holds of uploads (ui/upload_store.py): short text cells take ~4x their bytes once
# parsed, so a file's size alone does not bound memory; 30 sessions of this machine's 24 GiB.
MAX_UPLOAD_HELD_MB = 512  # one session's parsed table
MAX_UPLOADS_HELD_MB = 6_144  # every session's parsed tables together
UPLOAD_IDLE_MINUTES = 30  # a table unused this long is freed (the session is asked to upload again)
RECLAIM_IDLE_MINUTES = 5  # when the total is reached, tables unused this long make room first
PARSES_AT_ONCE = 2  # uploads read at the same time (each takes ~6x its file while read; 2 cores)
MAX_BINS = 200
MAX_CATEGORIES = 200
MAX_REPEATED_QUERIES = 1_000_000
MAX_GAME_ROUNDS = 100_000
MAX_ATTACKERS = 100_000  # simulated attackers in one run (two Gamma draws each, whatever k is)
MAX_TRACE_POINTS = 2_000  # checkpoints of a running-mean trace sent to a chart
MAX_TRACES = 1_000  # running-mean paths drawn at once (the page shows a handful)
MAX_RESPONDENTS = 1_000_000  # the largest simulated survey a page may ask for
MAX_SELECTION_DRAWS = 1_000_000  # the most simulated selections a page may ask for
MAX_ABS_SCORE = 1e15  # typed scores beyond this are refused: exp(eps q / 2 Delta) would overflow
MAX_PRICE = 1e12  # candidate prices above this are refused (they would only overflow the arithmetic)
SYNTHETIC_ROWS_DEFAULT = 1_000  # rows of a synthetic table unless the user asks for another number (public)
MAX_SYNTHETIC_PAGE_ROWS = 100_000  # the most rows a page's synthetic table may have (compared and downloaded)
MAX_ROWS_PER_PERSON = 10_000  # the largest m (rows one person may contribute) a plan may declare
MAX_ACCURACY_CURVE_POINTS = 2_000  # epsilons in one accuracy-versus-epsilon curve
RISK_FALSE_POSITIVE_RATES: tuple[float, ...] = (0.01, 0.05)  # where the risk panel reads the attacker's TPR
MAX_TRADEOFF_POINTS = 2_000  # false-positive rates on one attacker trade-off curve
MAX_LEDGER_ENTRIES = 10_000  # releases one session's ledger may hold
MAX_PLAN_REPEATS = 10_000  # the most times a release plan may be answered in the accounting chart
PLD_GRID_POINTS = 2**15  # grid points across a composed privacy loss distribution (accounting)
PLD_MIN_INTERVAL = 1e-4  # the finest PLD grid step (dp-accounting's default)
PLD_STEPS_PER_LOSS = 5  # PLD grid steps at least within one step's privacy loss (discrete Laplace: its lattice)
MAX_RELEASE_COUNT = 2**53  # the largest count a release takes: floats hold whole numbers exactly up to here
MAX_SUM_BOUND = 1e15  # public bounds of a released sum stay within +-this (a float sum must not overflow)
AUDIT_CANDIDATE_THRESHOLDS = 1_000  # thresholds an epsilon audit scores on its selection half
MAX_QUANTILE_CANDIDATES = 1_000  # public grid points a private quantile chooses among
MAX_LDP_DOMAIN = 1_024  # the largest domain size d a local-DP frequency oracle runs on (one report per user)
MAX_LDP_USERS = 1_000_000  # the most simulated users one frequency-oracle run may randomize
MAX_LDP_REPEATS = 1_000  # repeated runs behind one empirical variance
MAX_RAPPOR_CANDIDATES = 1_000  # candidate strings a RAPPOR decoding fits at once
MAX_RAPPOR_DAYS = 365  # days of reports one simulated RAPPOR user may send
MAX_RAPPOR_COHORTS = 256  # cohorts a RAPPOR simulation may use (candidate x cohort md5 table)
MAX_RAPPOR_REPORT_BITS = 60_000_000  # users x days x k RAPPOR report bits held at once (one byte each)
MAX_SHUFFLE_USERS = 10**9  # the largest n the shuffle amplification bound is computed for
MAX_FAKE_USERS = 1_000_000  # fake users one poisoning simulation may add
MAX_RECONSTRUCTION_ROWS = 200  # people in a reconstruction attack's secret table (the LP has n + m variables)
MAX_RECONSTRUCTION_QUERIES = 2_000  # subset counts one reconstruction attack may ask
MIN_NOISE_SCALE = 1e-100  # noise scales outside [MIN, MAX] are refused: densities and tails would overflow
MAX_NOISE_SCALE = 1e100
MAX_DISCRETE_SCALE = 1e12  # discrete Laplace: its integer sampler and lattice stop being exact beyond this
MAX_AUDIT_DRAWS = 2_000_000  # draws per side of one audit: numpy mechanisms take ~0.1 s per million, OpenDP ~20 s
MAX_GAUSSIAN_EPSILON = 1e6  # dp-accounting's analytic Gaussian solver loses its bracket beyond this
MAX_BARS = 30  # bars drawn on one bar chart: more are unreadable (the page says when it shows only the first ones)
MAX_NUMBER_TEXT = 40  # characters of a typed number: no number a widget takes is longer (a 10 KB seed overflowed)
MAX_LESSON_STEPS = 100  # views in one lesson (a presentation link): a lesson longer than this is not a lesson
MAX_FILE_NAME = 80  # characters of a download's file name (dpcore.export.safe_file_name)
MAX_ANIMATION_FRAMES = 200  # frames of one animation: each is sent to the browser with the figure
MAX_ANIMATION_DRAWS = 200  # hypothetical outcomes drawn for one animation
MAX_PRICE_CANDIDATES = MAX_CATEGORIES  # candidate prices on one pricing grid (as many as a selection's options)
MAX_ORACLE_EPSILON = 20.0  # local-DP frequency oracles: beyond this every oracle is plain disclosure (e^20 ~ 5e8)
MAX_RAPPOR_HASHES = 8  # each RAPPOR hash takes two bytes of one md5 digest (16 bytes)
MAX_SYNTHETIC_ROWS = 1_000_000  # rows a synthesizer reads or writes
MAX_SYNTHETIC_COLUMNS = 20  # columns synthesised at once
MAX_SYNTHETIC_WORKLOAD = 10_000  # random marginal queries one synthetic-data utility score asks
MAX_MST_SAMPLING_ROUNDS = 50  # rounds of MST's sampler before it gives up on the rows asked for
# Not here: the classroom poll's limits (ui/classroom/limits.py) are read from environment variables
# by the server that hosts the poll, so that module keeps them beside the variables' names.
MAX_BOUND_CANDIDATES = 100  # bounds on rows per person the planner weighs (1..100); more rows than that are rare
MAX_CLAMP_CANDIDATES = 500  # upper bounds one clamping trade-off weighs (dpcore.clamping: each prices its noise)
# DP-SGD (dpcore.learning): accounting, features and training
MIN_DPSGD_NOISE = 0.3  # noise multipliers below this are refused: epsilon is already ~70 at adult's defaults
MAX_DPSGD_NOISE = 100.0  # noise multipliers above this are refused: epsilon is then ~0 at any setting we train
MAX_DPSGD_STEPS = 100_000  # training steps one accounting may compose (the PLD takes up to ~5 s at the most)
MAX_DPSGD_EPOCHS = 100  # epochs of one training or one epsilon-by-epoch curve
MAX_DPSGD_ROWS = 1_000_000  # rows of one training table
MAX_DPSGD_FEATURES = 500  # columns of one design matrix (one-hot columns included)
MAX_DPSGD_HIDDEN = 256  # units of the one-hidden-layer network
MAX_DPSGD_GRID = 20  # epsilons of one trained grid
MAX_DPSGD_LEARNING_RATE = 100.0  # larger steps only diverge (inputs lie in [0, 1], gradients are clipped)
MAX_DPSGD_CLIPPING = 1e6  # clipping norms above this clip nothing any model here computes
# The Machine learning page (ui/tabs/learning): one grid is ~35 trainings, run in the background
MAX_LEARNING_ROWS = 10_000  # rows drawn for one grid (a grid of 10,000 rows and 100 epochs: minutes)
MIN_LEARNING_ROWS = 100  # fewer leave no test rows to speak of
MIN_LEARNING_BATCH = 16  # smaller batches make tens of thousands of steps per training
MAX_LEARNING_QUEUE = 4  # grids waiting for the server's training thread; another is refused for now
MAX_LEARNING_KEPT = 6  # trained grids kept for every session (the least recently asked for go first)
# Membership inference (dpcore.learning.membership)
MAX_SHADOW_MODELS = 64  # shadow models of one LiRA: each is a whole training run (the page uses a handful)
