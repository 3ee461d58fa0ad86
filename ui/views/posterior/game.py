"""Part 5: the guessing game. `compute_play`: one round at a time, the person guesses and is scored
against the Bayes-optimal attacker on the same outputs and the DP ceiling. `compute_simulation`:
the benchmark, many rounds played at once by the Bayes-optimal attacker."""

from __future__ import annotations

from dataclasses import dataclass

from dpcore import posterior as post
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import posterior as charts
from ui.charts.theme import CURVE_POINTS
from ui.i18n import per_language
from ui.text.posterior import TEXT
from ui.views.posterior.words import ANSWERS, small

SCORE = per_language(lambda: charts.ScoreLabels(title=TEXT["fig_score_title"], x=TEXT["fig_score_x"], player=TEXT["fig_score_player"],
                           you=TEXT["fig_score_you"], bayes=TEXT["fig_score_bayes"], ceiling=TEXT["fig_score_ceiling"],
                           coin=TEXT["fig_score_coin"]))
RUNNING = per_language(lambda: charts.GameLabels(title=TEXT["fig_game_title"], x=TEXT["fig_game_x"], y=TEXT["fig_game_y"],
                            running=TEXT["fig_game_running"], interval=TEXT["fig_game_ci"],
                            ceiling=TEXT["fig_game_ceiling"], expected=TEXT["fig_game_expected"],
                            coin=TEXT["fig_game_coin"]))


def game_round(model: post.AttackModel, seed: int, number: int) -> post.GameRound:
    """Round `number` of the seeded sequence: the same seed and number always give the same round."""
    return post.game_round(model, make_rng(seed, f"post-game-{number}"))


@dataclass(frozen=True)
class Guess:
    """One round the person played: its number and whether they guessed D."""

    number: int
    guess_d: bool


@dataclass(frozen=True)
class PlaySettings:
    model: post.AttackModel
    seed: int
    number: int  # the round shown now
    guesses: tuple[Guess, ...]  # the rounds played since the score last started, oldest first


@dataclass(frozen=True)
class PlayView:
    intro: str
    question: str
    last: str  # how the last round went, or that nothing was played yet
    last_right: bool | None
    score: str
    hits: int
    bayes_hits: int
    chart: dict


def _output(model: post.AttackModel, value: float) -> str:
    if model.noise is None:
        return ANSWERS().yes if value == 1 else ANSWERS().no
    return fmt.number(value)


def _world(on_d: bool) -> str:
    return TEXT["world_d"] if on_d else TEXT["world_dp"]


def compute_play(s: PlaySettings) -> PlayView:
    model = s.model
    ceiling = post.accuracy_ceiling(model.epsilon, model.delta)
    rounds = [(g, game_round(model, s.seed, g.number)) for g in s.guesses]
    hits = sum(g.guess_d == r.on_d for g, r in rounds)
    bayes_hits = sum(r.bayes_guess_d == r.on_d for _, r in rounds)
    n = len(rounds)
    shown = game_round(model, s.seed, s.number)
    question = TEXT["play_round_rr" if model.noise is None else "play_round"].format(
        n=s.number, output=_output(model, shown.output))
    last, last_right = TEXT["play_none"], None
    if rounds:
        guess, played = rounds[-1]
        last_right = guess.guess_d == played.on_d
        last = TEXT["play_right" if last_right else "play_wrong"].format(
            n=guess.number, output=_output(model, played.output), world=_world(played.on_d),
            guess=_world(guess.guess_d), bayes=_world(played.bayes_guess_d))
    right = (TEXT["play_right_count_one"], TEXT["play_right_count_many"])
    score = "" if not n else TEXT["play_score"].format(
        hits=fmt.plural(hits, *right), rounds=fmt.number(n, 6), rate=fmt.share(hits / n),
        bayes_hits=fmt.plural(bayes_hits, *right), bayes_rate=fmt.share(bayes_hits / n), ceiling=fmt.share(ceiling))
    intro = TEXT["play_intro"].format(eps=fmt.number(model.epsilon), ceiling=fmt.share(ceiling))
    chart = charts.score_chart(hits / n if n else None, bayes_hits / n if n else None, ceiling, SCORE())
    return PlayView(intro, question, last, last_right, score, hits, bayes_hits, chart)


@dataclass(frozen=True)
class SimulationSettings:
    model: post.AttackModel
    pld: post.PrivacyLossDistribution
    rounds: int
    seed: int


@dataclass(frozen=True)
class SimulationView:
    text: str
    below: str  # whether the interval reaches the ceiling
    metrics: tuple[tuple[str, str], ...]
    chart: dict


def compute_simulation(s: SimulationSettings) -> SimulationView:
    model = s.model
    game = post.play_game(model, s.rounds, make_rng(s.seed, "game"), s.pld, checkpoints=CURVE_POINTS)
    chart = charts.game_chart(game.checkpoints, game.running_accuracy, game.running_low, game.running_high,
                              game.ceiling, game.expected_accuracy, RUNNING())
    ceiling_key = "game_ceiling_approx" if model.delta > 0 else "game_ceiling_pure"
    text = "\n\n".join((
        TEXT["game_intro"],
        TEXT["game_result"].format(rounds=fmt.number(game.rounds, 6), accuracy=fmt.share(game.accuracy),
                                   low=fmt.share(game.ci_low), high=fmt.share(game.ci_high)),
        TEXT[ceiling_key].format(ceiling=fmt.share(game.ceiling), eps=fmt.number(model.epsilon),
                                 delta=small(model.delta), expected=fmt.share(game.expected_accuracy)),
    ))
    below = TEXT["game_below"] if game.ci_low <= game.ceiling else TEXT["game_above"]
    metrics = ((TEXT["metric_accuracy"], fmt.share(game.accuracy)), (TEXT["metric_ceiling"], fmt.share(game.ceiling)),
               (TEXT["metric_expected"], fmt.share(game.expected_accuracy)))
    return SimulationView(text, below, metrics, chart)
