"""Package data of cuesim, code-free: the sounds of the window.

Read them with ``importlib.resources.files("assets") / "ball_click.wav"``, which works from a
source checkout and from an installed wheel alike (the ``*.wav`` files ship as package data).
"""
