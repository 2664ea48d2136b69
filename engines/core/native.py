"""mypyc's class settings for the compiled engine modules, without mypy at run time.

``scripts/compile_engines.py`` compiles some of the engines' modules with mypyc; their classes
take settings from ``mypy_extensions.mypyc_attr``, which the compiler reads from the source.
At run time nothing is to be done, and the engines need no package, so this module gives a
decorator that returns its class unchanged. It is never compiled: a compiled module would not
run the ``else`` of ``TYPE_CHECKING``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    # Re-exported (the "as" says so to the type checker): the compiler reads mypy's own.
    from mypy_extensions import mypyc_attr as mypyc_attr  # noqa: PLC0414
else:
    C = TypeVar("C")

    def mypyc_attr(*names: str, **settings: object) -> Callable[[C], C]:
        """mypyc's class settings (``mypy_extensions.mypyc_attr``): nothing at run time."""
        return lambda cls: cls
