"""The window, the drawing code and the ``cuesim`` command line (the only layer using pygame)."""
