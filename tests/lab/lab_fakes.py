"""Stand-ins for the lab tests: scenarios built without the engine and a fake shot model.

The fake model is a pure function of the strike, so a study's table depends only on the noise
drawn for each shot: exactly what the reproducibility tests must pin down.
"""

from __future__ import annotations

from dataclasses import dataclass

from agents.noise import NoiseModel, StrikeValues
from lab.records import ShotRecord
from lab.scenario import Scenario, ScenarioPhase, ShotSpec


def fake_scenario(source: str = "fake.toml", *, is_break: bool = True) -> Scenario:
    """A nine-ball break scenario assembled directly (not read from a file; its position is a
    legal one, so the report can build its game)."""
    balls = (("cue", (0.6, 0.5)), ("1", (0.635, 1.905)), ("9", (0.635, 1.99)))
    return Scenario(
        source=source,
        game="nine-ball",
        table="pool-9ft",
        players=("Ann", "Bob"),
        balls=balls,
        phase=ScenarioPhase(is_break=is_break, to_play="Ann", ball_in_hand="behind_head_string"),
        shot=ShotSpec(speed=8.0, phi=90.0),
        noise=NoiseModel(speed_rel=0.05, phi_deg=1.0, theta_deg=0.5, tip=0.05),
        title="fake break",
    )


@dataclass(frozen=True)
class FakeModel:
    """Turns a strike into a record by simple thresholds on its numbers."""

    intended: StrikeValues

    def play(self, strike: StrikeValues) -> ShotRecord:
        pocketed = []
        if strike.speed > 8.0:
            pocketed.append("1")
        if strike.phi > 90.5:
            pocketed.append("9")
        if strike.a > 0.06:
            pocketed.append("cue")
        objects = [b for b in pocketed if b != "cue"]
        fouls = "scratch" if "cue" in pocketed else ""
        return ShotRecord(
            legal=not fouls,
            fouls=fouls,
            pocketed=" ".join(pocketed),
            n_object_pocketed=len(objects),
            cue_pocketed="cue" in pocketed,
            shooter_continues=bool(objects) and not fouls,
            frame_over="9" in objects and not fouls,
            winner="Ann" if "9" in objects and not fouls else "",
            shooter_won="9" in objects and not fouls,
            object_balls_to_rail=int(10 * abs(strike.b)),
            break_count=len(objects) + int(strike.theta > 0.5),
            break_rule_met=len(objects) + int(strike.theta > 0.5) >= 3,
            events=3 + len(pocketed),
            duration=strike.speed / 2.0,
        )


def fake_factory(scenario: Scenario) -> FakeModel:
    shot = scenario.shot
    assert shot.phi is not None
    return FakeModel(StrikeValues(shot.speed, shot.phi, shot.theta, shot.a, shot.b))


class BrokenModel:
    """A model whose every shot raises, to check that failures surface as errors."""

    intended = StrikeValues(8.0, 90.0)

    def play(self, strike: StrikeValues) -> ShotRecord:
        raise RuntimeError("the fake engine broke")


def broken_factory(scenario: Scenario) -> BrokenModel:
    return BrokenModel()
