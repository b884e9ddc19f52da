"""The package's exception types."""

from typing import Optional


class PuzzleError(ValueError):
    """A puzzle that cannot be read or is not valid.

    ``message`` says what is wrong; ``line`` and ``column`` (1-based) say where, when the
    puzzle came from a file's text (``None`` otherwise).
    """

    def __init__(self, message: str, line: Optional[int] = None, column: Optional[int] = None):
        self.message = message
        self.line = line
        self.column = column
        if line is not None and column is not None:
            text = f"line {line}, column {column}: {message}"
        elif line is not None:
            text = f"line {line}: {message}"
        else:
            text = message
        super().__init__(text)
