"""The referee's shortcuts give what the plain readings give: the lazily read ``ShotFacts`` against
a row-by-row reading of the same logs (real noisy breaks of every game), ``rested`` against the
chain of ``BallState.with_ball_at`` / ``with_ball_removed``, and the snookered test of a cue ball in
hand (tried on the D in chunks) against the same test at each place of the D in turn."""

from __future__ import annotations

import numpy as np
import pytest

import rules
import sim
from rules.facts import SIMULTANEOUS_CONTACT_S, ShotFacts
from rules.placement import rested
from rules.snooker_geometry import (
    SPOT_CLEARANCE,
    is_snookered,
)
from rules.snooker_in_hand import d_sample_points, is_snookered_in_hand
from sim.events import EventKind
from tests.rules.snooker_helpers import snooker_table

BREAK_SPEED = 8.0


def noisy_breaks(kind: str, count: int) -> list[tuple[rules.Game, sim.ShotResult]]:
    """``count`` breaks of ``kind`` from its own rack, aimed a little differently each time."""
    game = rules.new_game(kind, seed=11)
    centre, baulk = game.table.d_centre, game.table.baulk_y
    at = None if centre is None or baulk is None else (centre[0] + 0.11, baulk - 0.04)
    state = game.state_for_shot(at)
    target = np.asarray(state.pos[1], dtype=float) - np.asarray(state.pos[0], dtype=float)
    base = float(np.degrees(np.arctan2(target[1], target[0])))
    rng = np.random.default_rng(5)
    out = []
    for _ in range(count):
        strike = sim.Strike(
            BREAK_SPEED * rng.uniform(0.4, 1.0), base + rng.normal(0.0, 2.0), 0.0, 0.0, 0.0
        )
        out.append((game, sim.simulate(game.table, state, strike)))
    return out


def plain_facts(result: sim.ShotResult) -> dict[str, object]:
    """The facts read one row at a time, the way a person reads the log."""
    first, balls, later = None, set(), False
    pocketed: list[int] = []
    cushions_after, railed, off = 0, set(), set()
    for row, ev in enumerate(result.events):
        kind, a, b, t = int(ev["kind"]), int(ev["a"]), int(ev["b"]), float(ev["t"])
        if kind == EventKind.BALL_BALL and 0 in (a, b) and not later:
            other = b if a == 0 else a
            if first is None:
                first = (row, other, t)
                balls.add(other)
            elif t - first[2] <= SIMULTANEOUS_CONTACT_S:
                balls.add(other)
            else:
                later = True
        if kind == EventKind.BALL_POCKET and a not in pocketed:
            pocketed.append(a)
        if kind == EventKind.BALL_CUSHION:
            railed |= {a} - {0}
            cushions_after += first is not None and row > first[0]
        if kind == EventKind.OFF_TABLE:
            off.add(a)
    return {
        "first_ball_hit": None if first is None else first[1],
        "first_row": None if first is None else first[0],
        "first_balls": frozenset(balls),
        "pocketed": tuple(pocketed),
        "cushions_after": cushions_after,
        "railed": frozenset(railed),
        "off": frozenset(off),
    }


@pytest.mark.parametrize("kind", list(rules.GameKind))
def test_lazy_facts_read_what_the_rows_say(kind):
    for game, result in noisy_breaks(kind, 25):
        facts = ShotFacts.from_result(result, game.table)
        plain = plain_facts(result)
        assert facts.first_ball_hit == plain["first_ball_hit"]
        assert (facts.first_contact and facts.first_contact.event) == plain["first_row"]
        assert facts.first_contact_balls == plain["first_balls"]
        assert facts.pocketed == plain["pocketed"]
        assert len(facts.cushion_hits_after_first_contact()) == plain["cushions_after"]
        assert facts.cushion_after_first_contact == (plain["cushions_after"] > 0)
        assert facts.object_balls_to_cushion == plain["railed"]
        assert facts.balls_off_table == plain["off"]
        assert [p.ball for p in facts.pocketings] == [
            int(e["a"]) for e in result.events if e["kind"] == EventKind.BALL_POCKET
        ]


@pytest.mark.parametrize("kind", list(rules.GameKind))
def test_row_words_and_the_cushion_flag_agree_with_the_records(kind):
    """``describe_event`` words a contact, pocketing, cushion or leaving the table off the row
    itself, as the records of that row say; ``cushion_after_first_contact`` is whether the
    records after the first contact exist: real breaks, whole and cut short (no cushion yet)."""
    flags = set()
    for game, result in noisy_breaks(kind, 6):
        names = game.ball_names
        for rows in (3, 6, 12, len(result.events)):
            log = result.events[:rows]
            facts = ShotFacts.from_log(game.table, result.initial, log, result.final)
            flag = facts.cushion_after_first_contact
            assert flag == bool(facts.cushion_hits_after_first_contact())
            flags.add(flag)
            words = {
                c.event: f"{nm(c.ball, names)} met {nm(c.other, names)}" for c in facts.contacts
            }
            words |= {
                p.event: f"{nm(p.ball, names)} fell into the {p.pocket_name} pocket"
                for p in facts.pocketings
            }
            words |= {
                h.event: f"{nm(h.ball, names)} met cushion {h.cushion}" for h in facts.cushion_hits
            }
            words |= {o.event: f"{nm(o.ball, names)} left the table" for o in facts.off_table}
            for row, said in words.items():
                t = float(log["t"][row])
                assert facts.describe_event(row, names) == f"event {row} at t = {t:.3f} s: {said}"
    assert flags == {True, False}, "the cut logs never lacked (or never had) a cushion"


def test_an_off_table_row_is_worded_as_its_record():
    """The OFF_TABLE row of a hand-built log (a ball flown off the table) is worded off the
    row, as its ``off_table`` record says."""
    from rules.testing import ShotBuilder

    game = rules.new_game("nine-ball", seed=1)
    shot = ShotBuilder(game.table, game.state_for_shot((0.6, 0.4)))
    result = shot.hit(0, 1).off_table(1, (0.6, 2.6)).result()
    facts = ShotFacts.from_result(result, game.table)
    (record,) = facts.off_table
    t = float(result.events["t"][record.event])
    words = f"event {record.event} at t = {t:.3f} s: the 1 left the table"
    assert facts.describe_event(record.event, game.ball_names) == words


def nm(ball, names):
    return "the cue ball" if names[ball] == "cue" else f"the {names[ball]}"


def test_part_past_a_line_matches_the_recorded_positions():
    game, _ = noisy_breaks(rules.GameKind.NINE_BALL, 1)[0]
    y, radius = float(game.table.head_string_y), float(game.table.ball_radius)
    checked = 0
    for _, result in noisy_breaks(rules.GameKind.NINE_BALL, 40):
        facts = ShotFacts.from_result(result, game.table)
        by_hand = set()
        for b in range(1, facts.n_balls):
            pts = facts.recorded_positions[b]
            if b in facts.on_table_before:
                if pts[0, 1] - radius < y:
                    continue
                pts = pts[1:]
            if len(pts) and bool((pts[:, 1] - radius < y).any()):
                by_hand.add(b)
        assert facts.balls_with_part_below(y, radius) == by_hand
        checked += bool(by_hand)
    assert checked, "no break sent a ball past the head string: the test saw nothing"


def test_line_crossings_by_name_match_the_rows():
    """crossings_of (records of the named line only) and balls_crossing (no records) give what
    the log's LINE_CROSSING rows say, read one at a time, and what the full list filters to."""
    seen = 0
    for game, result in noisy_breaks(rules.GameKind.NINE_BALL, 30):
        names = [ln.name for ln in game.table.lines]
        for direction in (-1, 1):
            rows = [
                (row, int(ev["a"]))
                for row, ev in enumerate(result.events)
                if ev["kind"] == EventKind.LINE_CROSSING
                and names[int(ev["b"])] == "head_string"
                and int(ev["direction"]) == direction
            ]
            lazy = ShotFacts.from_result(result, game.table)
            found = lazy.crossings_of("head_string", direction)
            assert [(c.event, c.ball) for c in found] == rows
            assert lazy.balls_crossing("head_string", direction) == {a for _, a in rows}
            full = ShotFacts.from_result(result, game.table)
            listed = tuple(c for c in full.line_crossings if c.direction == direction)
            assert full.crossings_of("head_string", direction) == found == listed
            assert full.balls_crossing("head_string", direction) == {a for _, a in rows}
            assert lazy.crossings_of("no_such_line", direction) == ()
            seen += len(rows)
    assert seen, "no break crossed the head string: the test saw nothing"


def test_rested_is_the_state_of_the_chain_of_moves():
    _, result = noisy_breaks(rules.GameKind.SNOOKER, 1)[0]
    final = result.final
    moves = ((0, None), (19, (0.5, 1.2)), (3, None), (19, (0.6, 1.3)))
    chained = final
    for ball, xy in moves:
        chained = chained.with_ball_removed(ball) if xy is None else chained.with_ball_at(ball, xy)
    state = rested(final, moves)
    for name in ("pos", "vel", "spin", "motion", "on_table", "z", "vz"):
        assert np.array_equal(getattr(state, name), getattr(chained, name)), name
        assert getattr(state, name).dtype == getattr(chained, name).dtype, name
    assert state == chained
    assert rested(final, ()) is final


def test_in_hand_snookered_test_agrees_with_each_place_tried_in_turn():
    table = snooker_table()
    radius = float(table.ball_radius)
    rng = np.random.default_rng(3)
    points = d_sample_points(table, 0.02)
    snookered_seen = 0
    for trial in range(60):
        pos = np.zeros((22, 2))
        on = np.zeros(22, dtype=bool)
        if trial % 3 == 0:  # a red behind a wall of five balls: hidden from the whole D
            target = np.array([rng.uniform(0.5, 1.2), rng.uniform(1.6, 2.6)])
            pos[1] = target
            for k in range(5):
                pos[16 + k] = target + np.array([(k - 2) * 2.1 * radius, -3.0 * radius])
            on[[1, 16, 17, 18, 19, 20]] = True
            balls_on = [1]
        else:
            pos[1:] = rng.uniform([0.3, 0.4], [table.width - 0.3, 1.2], size=(21, 2))
            keep = [i for i in range(1, 22) if all(np.hypot(*(pos[i] - pos[j])) > 2.1 * radius
                                                   for j in range(1, i) if on[j])]  # fmt: skip
            on[keep[: int(rng.integers(2, len(keep) + 1))]] = True
            balls_on = [i for i in range(1, 22) if on[i] and rng.uniform() < 0.3]
        others = pos[on]
        by_place = all(
            is_snookered(xy, balls_on, pos, on, radius)
            for xy in points
            if not bool((np.hypot(*(others - xy).T) < 2 * radius + SPOT_CLEARANCE).any())
        )
        assert is_snookered_in_hand(table, balls_on, pos, on, 0.02) == by_place
        snookered_seen += by_place
    assert 0 < snookered_seen < 60, "every layout gave the same answer: the test saw one side"


@pytest.mark.parametrize("kind", list(rules.GameKind))
def test_short_log_reading_gives_the_rows_of_the_mask_per_kind(kind, monkeypatch):
    """A log read whole in one pass (``SHORT_LOG_ROWS``) gives every fact the mask per kind
    gives: real noisy breaks, whole and cut after 5 and 20 rows."""
    import rules.records as records_module

    names = ("contacts", "first_contact", "first_contact_balls", "pocketings", "cushion_hits")
    names += ("line_crossings", "off_table", "pocketed", "balls_off_table")
    for game, result in noisy_breaks(kind, 8):
        for rows in (5, 20, len(result.events)):
            log = result.events[:rows]
            read = {}
            for limit in (0, 10**6):  # by masks, then in one pass
                monkeypatch.setattr(records_module, "SHORT_LOG_ROWS", limit)
                facts = ShotFacts.from_log(game.table, result.initial, log, result.final)
                read[limit] = [getattr(facts, name) for name in names]
            assert read[0] == read[10**6], (kind, rows)
            assert any(read[0][:5]), "nothing was read: the comparison saw empty facts"


def test_the_facts_of_the_last_result_are_read_once_and_only_for_that_result() -> None:
    """``ShotFacts.from_result`` gives back the facts of the last ``ShotResult`` it read when
    asked again for the same result on the same table (a study's record reads the facts the
    ruling came from), and reads afresh for another result, another table, or an object that is
    not a frozen ``ShotResult`` (whose log could change between calls)."""
    (game, first), (_, second) = noisy_breaks("nine-ball", 2)
    facts = ShotFacts.from_result(first, game.table)
    assert ShotFacts.from_result(first, game.table) is facts
    assert game.judge(first) == game.judge(first)
    assert ShotFacts.from_result(first, game.table) is facts  # judging read the same facts
    other = ShotFacts.from_result(second, game.table)
    assert other is not facts and other.shot[0] is second.events
    assert ShotFacts.from_result(first, game.table) is not facts  # only the last one is kept
    snooker = snooker_table()
    assert ShotFacts.from_result(second, snooker) is not ShotFacts.from_result(second, game.table)

    class LogHolder:  # anything with events, initial and final: not kept
        events, initial, final = second.events, second.initial, second.final

    holder = LogHolder()
    assert ShotFacts.from_result(holder, game.table) is not ShotFacts.from_result(
        holder, game.table
    )


def test_the_line_test_is_kept_per_line_and_agrees_with_the_compiled_reading() -> None:
    """``ShotFacts.balls_with_part_below`` reads the log once per (line, radius) and gives what
    ``sim.digest.balls_with_part_below`` gives for that line, on real breaks."""
    from sim.digest import balls_with_part_below

    for game, result in noisy_breaks("nine-ball", 6):
        facts = ShotFacts.from_log(game.table, result.initial, result.events, result.final)
        head, radius = float(game.table.head_string_y), float(game.table.ball_radius)
        for y_line in (head, head + 0.3, head + 0.6):
            seen = facts.balls_with_part_below(y_line, radius)
            assert facts.balls_with_part_below(y_line, radius) is seen
            assert seen == balls_with_part_below(
                result.events, result.initial, result.final, y_line, radius
            )


def test_the_kept_facts_go_with_their_result() -> None:
    """The facts ``ShotFacts.from_result`` keeps do not keep their result alive: once the
    result is dropped they are let go (a result of hundreds of balls is tens of megabytes), and
    a later result is read afresh."""
    import gc
    import weakref

    (game, result), (_, other) = noisy_breaks("nine-ball", 2)
    facts = weakref.ref(ShotFacts.from_result(result, game.table))
    game.judge(result)
    log = weakref.ref(result.events)
    del result
    gc.collect()
    assert facts() is None and log() is None
    assert ShotFacts.from_result(other, game.table).shot[0] is other.events
