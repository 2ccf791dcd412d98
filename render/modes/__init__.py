"""The window's modes, one module each: ``preparing`` (the physics warm-up), ``start`` (the new
match screen), ``aim`` (aim, ball in hand, calls and nominations), ``playback``, ``decision``
(the referee's call and a finished game), ``fouls`` (the foul a player declares), ``menus``
(small menus and yes/no questions, the snooker frame menu), ``match_over``.

Each mode talks to the window only through :class:`render.host.Host`; ``base`` holds what they
share. Import a mode from its own module (this package imports none of them).
"""
