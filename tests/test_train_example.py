"""examples/train_batch.py: its quick mode trains a policy on hearts.batch and plays it.

The example needs JAX; without it this test is skipped.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("jax")

EXAMPLE = Path(__file__).parent.parent / "examples" / "train_batch.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_batch", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_quick_run_trains_and_evaluates(tmp_path: Path) -> None:
    import jax
    import numpy as np

    example = load_example()
    config = example.QUICK
    before = example.init_params(jax.random.key(3), config.hidden)
    lines: list[str] = []
    after, run = example.train(config, seed=3, log=lines.append)

    # It trained: finite losses, and every parameter moved.
    assert len(run["updates"]) == config.updates
    for row in run["updates"]:
        assert math.isfinite(row["loss"]) and math.isfinite(row["value_loss"])
        assert row["decisions"] > 0
    for name, value in before.items():
        assert np.all(np.isfinite(after[name]))
        assert not np.allclose(np.asarray(value), np.asarray(after[name])), name

    # It played whole games against RuleBot in the scalar engine.
    final = run["final"]
    assert final["games"] == config.final_games and final["hands"] >= config.final_games
    assert math.isfinite(final["policy"]) and math.isfinite(final["rulebot"])
    assert [row["update"] for row in run["curve"]] == [0, config.updates]

    # What it printed: an evaluation of one game (the quick curve's) has no error bar, and
    # says so rather than '± nan'; the final evaluation, of two games, has them.
    assert config.eval_games == 1 and config.final_games == 2
    assert not [line for line in lines if "nan" in line.lower()], lines
    curve = [line for line in lines if "vs RuleBots:" in line]
    assert len(curve) == 2 and all("one game, so no error bar)" in line for line in curve)
    assert all("±" not in line for line in curve), curve
    (last,) = [line for line in lines if line.startswith("final, ")]
    assert last.count(" ± ") == 3 and "no error bar" not in last, last

    # The command line writes the run and its curve (redrawn from the JSON, not retrained).
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps(run))
    picture = tmp_path / "curve.svg"
    example.main(["--replot", str(saved), "--plot", str(picture)])
    svg = picture.read_text()
    assert svg.startswith("<svg") and "<polyline" in svg and "RuleBot" in svg


def test_a_mean_of_one_value_is_shown_without_an_error_bar() -> None:
    example = load_example()
    mean, error = example.mean_error([5.0])
    assert mean == 5.0 and math.isnan(error)
    assert example.plus_minus(mean, error) == "5.00"
    assert example.plus_minus(*example.mean_error([4.0, 6.0])) == "5.00 ± 1.00"
    assert example.plus_minus(-1.5, float("nan"), "+.2f") == "-1.50"
    assert example.error_note(1) == "; one game, so no error bar"
    assert example.error_note(2) == ""


def test_the_policy_reads_the_same_in_both_engines() -> None:
    """network_inputs of hearts.batch.observe, where the policy learns, and of
    hearts.tensor.encode, where it is evaluated, agree at every step of a hand's pass (one
    card at a time, seat after seat) and play, the same cards played in both engines."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    import hearts
    import hearts.batch as hb
    from hearts.tensor import encode, layout

    example = load_example()
    rules = example.RULES
    state = hb.init(jax.random.split(jax.random.key(4), 1), rules)
    hand = layout(rules.players)["hand"]
    seen = [np.asarray(hb.observe(state, seat))[0][hand][:52] for seat in range(rules.players)]
    scalar = hearts.from_hands([[int(card) for card in row.nonzero()[0]] for row in seen], rules)
    picked = [0] * rules.players
    for _ in range(rules.players * rules.pass_count + 30):  # the pass, then 30 cards
        seat = int(state.current_player[0])
        ours = example.network_inputs(np.asarray(hb.observe(state, seat))[0])
        theirs = example.network_inputs(encode(hearts.view(scalar, seat), picked=picked[seat]))
        np.testing.assert_allclose(ours, theirs, atol=1e-6)
        card = int(np.asarray(hb.legal_action_mask(state))[0].nonzero()[0][-1])  # the highest
        state = hb.step(state, jnp.array([card]))
        if scalar.phase is hearts.Phase.PASS:
            picked[seat] |= 1 << card
            if picked[seat].bit_count() == rules.pass_count:
                scalar = hearts.apply(
                    scalar, hearts.Pass(seat, hearts.CardSet.from_mask(picked[seat]))
                )
                picked[seat] = 0
        else:
            scalar = hearts.apply(scalar, hearts.Play(seat, card))
