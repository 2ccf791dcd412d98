"""The layers of DESIGN.md section 1: sim and rules never import pygame or render."""

from __future__ import annotations

import subprocess
import sys


def _modules_loaded_after_import(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return set(out.split())


def test_importing_sim_and_rules_does_not_import_pygame_or_render() -> None:
    loaded = _modules_loaded_after_import("import sim, rules, rules.lab")
    assert "pygame" not in loaded
    assert not any(name == "render" or name.startswith("render.") for name in loaded)


def test_importing_sim_does_not_import_rules() -> None:
    loaded = _modules_loaded_after_import("import sim")
    assert not any(name == "rules" or name.startswith("rules.") for name in loaded)
