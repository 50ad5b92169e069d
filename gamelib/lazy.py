"""Heavy libraries loaded when first used, not when ``gamelib`` is imported.

pandas costs a live-book kernel about 31 MB and a quarter of a second, and most live chapters
never touch it (their widgets draw HTML from numpy arrays). A module that needs pandas writes::

    if TYPE_CHECKING:
        import pandas as pd
    else:
        from gamelib.lazy import pandas as pd

and uses ``pd`` as usual: the first attribute read (``pd.DataFrame``) imports pandas for real,
with the standard library's :class:`importlib.util.LazyLoader`. Type checkers see the real
module. Once pandas is imported by anyone, every ``pd`` is that same module.

>>> import sys
>>> from gamelib.lazy import pandas
>>> pandas.DataFrame({"a": [1]}).shape, sys.modules["pandas"] is pandas
((1, 1), True)
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from types import ModuleType

__all__ = ["lazy_module", "pandas"]

_LOCK = threading.Lock()


def lazy_module(name: str) -> ModuleType:
    """The module ``name``: the real one when it is imported already, else one that imports
    itself on its first attribute read.

    >>> lazy_module("json").dumps([1])
    '[1]'
    """
    with _LOCK:
        if name in sys.modules:
            return sys.modules[name]
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:  # pragma: no cover (a dependency is missing)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        loader = importlib.util.LazyLoader(spec.loader)
        spec.loader = loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        loader.exec_module(module)
        return module


pandas = lazy_module("pandas")
