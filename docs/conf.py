"""Sphinx configuration of the hearts documentation.

Build it from the repository's root, warnings as errors, as CI does:

    .venv/bin/sphinx-build -W --keep-going -b html docs docs/_build/html
"""

from __future__ import annotations

import ast
import pkgutil
import re
import sys
import traceback
from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hearts
import hearts.display.layout
import hearts.svg
import hearts.text

# -- Project ----------------------------------------------------------------------------

project = "hearts"
author = "The hearts developers"
copyright = "The hearts developers; MIT licence"
release = hearts.__version__
version = ".".join(release.split(".")[:2])

# -- General ----------------------------------------------------------------------------

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
# sphinx.ext.intersphinx is deliberately left out: the docs are built with warnings as
# errors, and a machine without network access cannot fetch the Python inventory, which
# Sphinx reports as a warning that no setting suppresses.

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

# -- MyST -------------------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- Autodoc ----------------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autoclass_content = "class"
add_module_names = False
python_use_unqualified_type_names = True

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- HTML -------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"hearts {release}"
html_static_path = ["_static"]
html_css_files = ["hearts.css"]  # the pictures of hearts-picture scale to the page


# -- Docstring fixes --------------------------------------------------------------------

_SUBMODULES = sorted(module.name for module in pkgutil.iter_modules(hearts.__path__))
_FIELD_ALIAS = re.compile(r"Alias for field number \d+")
_ATTRIBUTE_KINDS = {"attribute", "property", "data"}
_as_written: dict[str, list[str]] = {}


def _docstring_before_napoleon(app, what, name, obj, options, lines) -> None:
    if what not in _ATTRIBUTE_KINDS:
        return
    package, _, attribute = name.rpartition(".")
    if what == "data" and package == "hearts":
        # A re-exported constant: take its docstring from the module that defines it,
        # rather than the docstring of its type (int, Card, ...).
        lines[:] = []
        for module in _SUBMODULES:
            docs = ModuleAnalyzer.for_module(f"hearts.{module}").find_attr_docs()
            if ("", attribute) in docs:
                lines[:] = docs["", attribute]
                break
    # The namedtuple's generated docstring for a field that has none of its own.
    lines[:] = [line for line in lines if not _FIELD_ALIAS.fullmatch(line)]
    _as_written[name] = list(lines)


def _docstring_after_napoleon(app, what, name, obj, options, lines) -> None:
    # Napoleon reads "words: more words" at the start of an attribute's docstring as
    # "type: description" (a Google-style convention this project does not use: types
    # come from annotations), so attribute docstrings are kept as written.
    if name in _as_written:
        lines[:] = _as_written.pop(name)


def _signature_defaults(app, what, name, obj, options, signature, return_annotation):
    # attrs writes a factory default as NOTHING in the generated __init__.
    if signature and "= NOTHING" in signature:
        return signature.replace("= NOTHING", "= ..."), return_annotation
    return None


def _check_public_api(app, env) -> None:
    # Every name of hearts.__all__ must have its entry in api.md, so that a new public
    # name fails the (warnings-as-errors) docs build until it is documented.
    documented = env.get_domain("py").objects
    missing = [name for name in hearts.__all__ if f"hearts.{name}" not in documented]
    if missing:
        logging.getLogger(__name__).warning(
            "hearts.__all__ names not documented in docs/api.md: %s", ", ".join(missing)
        )


# -- The table of presets ---------------------------------------------------------------


def _differing_fields(rules: hearts.Rules) -> list[str]:
    """The fields of ``rules`` that differ from the standard game, as its repr writes them."""
    return [f"{name}={text}" for name, text in hearts.game.rules._differences(rules, None)]


def _entry(*paragraphs: nodes.Node) -> nodes.entry:
    entry = nodes.entry()
    entry.extend(paragraphs)
    return entry


class PresetsTable(SphinxDirective):
    """``presets-table``: a table of every preset of ``hearts.PRESETS``, made at build time.

    One row per preset, in the registry's order: its name, description and sources, and
    the fields its rules change from the standard game (as ``repr`` shows them, with the
    point table written as the standard one plus the cards that differ). A preset added
    to the registry appears without any change to the docs.
    """

    has_content = False

    def run(self) -> list[nodes.Node]:
        # Rebuild the page when the registry's modules change.
        for module in (hearts.game.rules, hearts.game.presets):
            self.env.note_dependency(str(Path(module.__file__ or "").resolve()))
        headers = ("Preset", "Description", "Sources", "Fields that differ from the standard game")
        tgroup = nodes.tgroup(cols=len(headers))
        for width in (14, 38, 20, 28):
            tgroup += nodes.colspec(colwidth=width)
        tgroup += nodes.thead(
            "", nodes.row("", *(_entry(nodes.paragraph(text=h)) for h in headers))
        )
        body = nodes.tbody()
        for preset in hearts.PRESETS.values():
            fields = _differing_fields(preset.rules)
            changes = (
                [nodes.paragraph("", "", nodes.literal(text=field)) for field in fields]
                if fields
                else [nodes.paragraph(text="none: the standard game")]
            )
            name = nodes.paragraph("", "", nodes.literal(text=preset.name))
            name["ids"].append(nodes.make_id(f"preset-{preset.name}"))
            body += nodes.row(
                "",
                _entry(name),
                _entry(nodes.paragraph(text=preset.description)),
                _entry(nodes.paragraph(text=preset.sources)),
                _entry(*changes),
            )
        tgroup += body
        return [nodes.table("", tgroup, classes=["presets-table"])]


# -- Pictures drawn at build time --------------------------------------------------------


def _last_value(code: str, filename: str, first_line: int) -> object:
    """Run ``code`` with ``hearts`` imported, and return the value of its last expression.

    The code is compiled as lines of ``filename`` from ``first_line`` on, so that a
    traceback names the page's own lines.
    """
    tree = ast.parse("\n" * (first_line - 1) + code, filename)
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        raise ValueError("the code must end with an expression: the thing to draw")
    last = ast.Expression(tree.body.pop().value)
    namespace: dict[str, object] = {"hearts": hearts}
    exec(compile(tree, filename, "exec"), namespace)
    return eval(compile(last, filename, "eval"), namespace)


def _svg_of(value: object) -> str:
    svg = value._repr_svg_() if hasattr(value, "_repr_svg_") else value
    if not isinstance(svg, str) or not svg.startswith("<svg"):
        raise TypeError(f"the code ends with {value!r:.60}, not an SVG str nor a drawable object")
    return svg


def _failed_line(error: Exception, filename: str, code: str, first: int) -> str:
    """Where in the page's code ``error`` was raised: `` at line N: the line``, or ``""``."""
    frames = traceback.extract_tb(error.__traceback__)
    lines = [frame.lineno for frame in frames if frame.filename == filename]
    line = lines[-1] if lines else getattr(error, "lineno", None)  # a SyntaxError's
    if not line or not first <= line < first + len(code.splitlines()):
        return ""
    return f" at line {line}: {code.splitlines()[line - first].strip()}"


class HeartsPicture(SphinxDirective):
    """``hearts-picture``: a picture drawn by running the Python code of its content.

    The code runs at build time, in a fresh namespace holding ``hearts``; the value of its
    last line, an expression, is drawn: an SVG document (a ``str``, as ``hearts.svg``
    returns) or any object with ``_repr_svg_`` (a state, a view, a card set, a trick, a
    finished hand). The page shows the code, then the SVG inline in a
    ``div.hearts-picture`` (``_static/hearts.css`` scales it down to narrow screens); with
    the ``:text:`` flag, ``str`` of the value under it too. Code that fails, or ends with
    anything else, is an error naming the page, the line of code and the exception, which
    fails the ``-W`` build: a picture is never silently missing. The page is rebuilt when a
    module that draws changes.
    """

    has_content = True
    option_spec: ClassVar[OptionSpec] = {"text": directives.flag}

    def run(self) -> list[nodes.Node]:
        for module in (hearts.display.layout, hearts.svg, hearts.text):
            self.env.note_dependency(str(Path(module.__file__ or "").resolve()))
        code = "\n".join(self.content)
        filename = str(self.env.doc2path(self.env.docname))
        first = self.lineno + 1 + self.content_offset  # MyST counts from the directive's line
        try:
            value = _last_value(code, filename, first)
            svg = _svg_of(value)
        except Exception as error:
            where = _failed_line(error, filename, code, first)
            message = traceback.format_exception_only(error)[-1].strip()
            raise self.error(f"hearts-picture: the code failed{where}: {message}") from error
        body: list[nodes.Node] = [
            nodes.literal_block(code, code, language="python"),
            nodes.container("", nodes.raw("", svg, format="html"), classes=["hearts-picture"]),
        ]
        if "text" in self.options:
            body.append(nodes.literal_block(str(value), str(value), language="text"))
        return body


def setup(app):
    app.add_directive("presets-table", PresetsTable)
    app.add_directive("hearts-picture", HeartsPicture)
    app.connect("autodoc-process-docstring", _docstring_before_napoleon, priority=400)
    app.connect("autodoc-process-docstring", _docstring_after_napoleon, priority=600)
    app.connect("autodoc-process-signature", _signature_defaults)
    app.connect("env-check-consistency", _check_public_api)
