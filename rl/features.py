"""Building an observation's flat array, one feature at a time."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]


class Features:
    """A growing list of numbers (bools count 0 or 1), then one float32 array.

    >>> out = Features()
    >>> out.one_hot(1, 3)
    >>> out.add(True, 7)
    >>> out.array().tolist()
    [0.0, 1.0, 0.0, 1.0, 7.0]
    """

    def __init__(self) -> None:
        self.values: list[float] = []

    def add(self, *values: float) -> None:
        """Append numbers."""
        self.values.extend(values)

    def extend(self, values: Iterable[float]) -> None:
        """Append every number of ``values``."""
        self.values.extend(values)

    def one_hot(self, index: int, size: int) -> None:
        """Append ``size`` numbers, 1 at ``index`` and 0 elsewhere."""
        row = [0.0] * size
        row[index] = 1.0
        self.values.extend(row)

    def array(self) -> Array:
        """The numbers as a float32 array."""
        return np.asarray(self.values, dtype=np.float32)
