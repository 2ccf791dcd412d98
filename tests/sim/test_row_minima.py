"""The row minima of the pair-time matrix kept by ``predict._renew_row_minima`` (the next-event
scan reads them from ``predict.ROW_MINIMA_FROM`` balls up) equal a full scan after every update,
ties (equal times: lowest j) included."""

from __future__ import annotations

import math

import numpy as np

from sim.kernels.predict import _renew_row_minima, _row_minimum


def full_scan_minima(pair_t: np.ndarray) -> list[tuple[float, int]]:
    n = pair_t.shape[0]
    out = []
    for a in range(n):
        row = [(float(pair_t[a, b]), b) for b in range(a + 1, n) if pair_t[a, b] < math.inf]
        out.append(min(row) if row else (math.inf, -1))
    return out


def test_row_minima_match_a_full_scan_after_each_ball_is_predicted_again() -> None:
    rng = np.random.default_rng(3)
    n = 40
    pair_t = np.full((n, n), math.inf)
    first_t = np.full(n, math.inf)
    first_j = np.full(n, -1, dtype=np.int64)
    times = np.array([0.5, 1.0, 1.5, 2.0, math.inf])  # few values: many ties
    for a in range(n):
        for b in range(a + 1, n):
            pair_t[a, b] = rng.choice(times)
    for a in range(n):
        _row_minimum(a, pair_t, first_t, first_j)
    for _ in range(300):
        changed = rng.random(n) < 0.05
        changed[rng.integers(n)] = True
        for i in (int(k) for k in np.flatnonzero(changed)):
            for j in range(n):  # what predict_pairs rewrites for ball i
                if j == i or (j < i and changed[j]):
                    continue
                pair_t[min(i, j), max(i, j)] = rng.choice(times)
            _renew_row_minima(i, pair_t, first_t, first_j, changed)
        kept = [(float(first_t[a]), int(first_j[a])) for a in range(n)]
        assert kept == full_scan_minima(pair_t)
