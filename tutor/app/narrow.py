"""When the panes become tabs (one pane at a time): one rule for the start
screen and the main screen, so the lesson shows where it will stay."""

NARROW_WIDTH = 110  # below this many columns, or NARROW_HEIGHT rows, the panes become tabs
NARROW_HEIGHT = 30


def is_narrow(width: int, height: int) -> bool:
    return width < NARROW_WIDTH or height < NARROW_HEIGHT
