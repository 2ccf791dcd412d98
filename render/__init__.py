"""The window and the pictures: hot-seat play, drawing, sounds, PNG/GIF of a shot.

The only package that imports pygame (see docs/architecture.md for what each module does).
"""
