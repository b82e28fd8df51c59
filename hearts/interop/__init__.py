"""Adapters to other ecosystems, each imported only when used.

* :mod:`hearts.interop.openspiel` — OpenSpiel (``pip install open-spiel``).
"""
