"""The layers of the package and the kernel of play, as docs/contributing.md states them.

The layers are read from the guide's list, and the imports of every module of hearts/ from
its source with :mod:`ast`: a module imports, at module level, only its own layer and the
layers listed before it (imports under ``if TYPE_CHECKING:`` are for types only), and an
import inside a function that goes up is one of the guide's listed exceptions. Every module
is in exactly one layer, so a new module fails here until it is placed.

The kernel tests look, outside hearts/game/play.py, for what a second copy of a rule of play
needs: a function named after one, a hearts-broken flag of its own, a trick winner worked
out by arithmetic, the suit of a trick's first card, a card played by hand (taken from a
hand and added to a trick), or the suit led read by a module not listed for it. The
sources are read from the repository, so the tests check the same code under the pure
and the compiled build.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import hearts.game.play

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hearts"
GUIDE = ROOT / "docs" / "contributing.md"
KERNEL = "hearts.game.play"
# The one second form of the rules of play, on purpose: hearts.batch states them again as
# array operations that jax.jit compiles, where the kernel's Python cannot run; its tables
# come from the same Rules, and tests/test_batch.py replays its games through the kernel
# (docs/contributing.md).
ARRAY_FORM = frozenset(
    {
        "hearts.rl.batch",  # the public face
        "hearts.rl._batch_cards",
        "hearts.rl._batch_tables",
        "hearts.rl._batch_state",
        "hearts.rl._batch_scoring",  # the scoring of a hand, the end of the game
        "hearts.rl._batch_game",  # the rules of play, the trick's winner, hearts broken
        "hearts.rl._batch_observe",
    }
)

# Outside the kernel, these modules read the suit led (LED_MASK, led_card) for their own
# search, never to decide what may be played or who wins (docs/contributing.md).
READS_THE_SUIT_LED = {
    "hearts.game.claims": "the quick tests of a claim",
    "hearts.bots.solver": "the solver's move ordering",
    "hearts.bots.policies": "the playout heuristics",
}

# --- the guide ------------------------------------------------------------------------------


def guide_lines(marker: str) -> list[str]:
    """The lines of the guide's list that follows the comment ``<!-- {marker}: ... -->``."""
    lines = GUIDE.read_text("utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(f"<!-- {marker}:")]
    assert len(starts) == 1, f"docs/contributing.md has no single '<!-- {marker}: ... -->' list."
    listed = []
    for line in lines[starts[0] + 1 :]:
        if not line.strip():
            break
        listed.append(line)
    assert listed, f"docs/contributing.md's '{marker}' comment is followed by no list."
    return listed


@functools.cache
def layers() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The guide's layers, lowest first: each one's name and modules."""
    found = []
    for line in guide_lines("layers"):
        match = re.fullmatch(r"\d+\. \*\*(?P<name>[^*]+)\*\*: (?P<modules>.+)", line)
        assert match, (
            f"docs/contributing.md's layer line {line!r} is not '1. **name**: `module`, ...'."
        )
        found.append((match["name"], tuple(re.findall(r"`([\w.]+)`", match["modules"]))))
    return tuple(found)


def layer_of() -> dict[str, int]:
    return {module: index for index, (_, modules) in enumerate(layers()) for module in modules}


def described(index: int) -> str:
    return f"layer {index + 1} ({layers()[index][0]})"


# --- the sources ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Import:
    """One import of a module of the package: where it is, and whether inside a function."""

    line: int
    imported: str
    in_function: bool
    direct: bool = True  # the module named, not a package its import runs


def module_name(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def sources(package: Path) -> dict[str, tuple[Path, ast.Module]]:
    """Every module of ``package``, by name: its file and its syntax tree."""
    return {
        module_name(path, package): (path, ast.parse(path.read_text("utf-8"), str(path)))
        for path in sorted(package.rglob("*.py"))
    }


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_names(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The modules an import statement names (a ``from`` import of a submodule names it)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    known = sources(PACKAGE)
    return [
        f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names
    ]


def with_packages(name: str) -> Iterator[str]:
    """``name`` and the packages importing it runs, but the top package (which all share)."""
    parts = name.split(".")
    for end in range(len(parts), 1, -1):
        yield ".".join(parts[:end])
    if len(parts) == 1:
        yield name


def imports(module: str) -> list[Import]:
    """The imports of modules of the package that ``module`` makes, but for types only.

    ``importlib.import_module("hearts.x")`` with a constant name counts as an import.
    """
    path, tree = sources(PACKAGE)[module]
    is_package = path.name == "__init__.py"
    known = sources(PACKAGE)
    found: list[Import] = []

    def add(line: int, names: list[str], in_function: bool) -> None:
        for name in names:
            for imported in with_packages(name):
                if imported in known and imported != module:
                    found.append(Import(line, imported, in_function, imported == name))

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and is_type_checking(node.test):
            for child in node.orelse:
                visit(child, in_function)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            add(node.lineno, imported_names(node, module, is_package), in_function)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            add(node.lineno, [node.args[0].value], in_function)
        inside = in_function or isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
        )
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, in_function=False)
    return list(dict.fromkeys(found))


# --- the layers -----------------------------------------------------------------------------


def test_every_module_is_in_exactly_one_layer() -> None:
    listed = [module for _, modules in layers() for module in modules]
    twice = sorted({module for module in listed if listed.count(module) > 1})
    assert not twice, f"docs/contributing.md lists {', '.join(twice)} in more than one layer."
    modules = set(sources(PACKAGE))
    missing = sorted(modules - set(listed))
    assert not missing, (
        f"These modules of hearts/ are in no layer of docs/contributing.md: {', '.join(missing)}. "
        "Add each to the lowest layer whose modules it may import."
    )
    stale = sorted(set(listed) - modules)
    assert not stale, f"docs/contributing.md lists {', '.join(stale)}, which hearts/ does not hold."


def test_no_module_imports_a_higher_layer() -> None:
    layer = layer_of()
    wrong = [
        f"{module} ({described(layer[module])}) imports {each.imported} at line {each.line}, "
        f"which is in the higher {described(layer[each.imported])}."
        for module in sorted(sources(PACKAGE))
        if module in layer
        for each in imports(module)
        if not each.in_function and each.imported in layer
        if layer[each.imported] > layer[module]
    ]
    assert not wrong, " ".join(
        [*wrong, "A module imports only its own layer and those before it (docs/contributing.md)."]
    )


def test_no_import_inside_a_function_goes_up() -> None:
    """The game never imports what is built on it, not even lazily (docs/contributing.md)."""
    layer = layer_of()
    wrong = [
        f"{module} ({described(layer[module])}) imports {each.imported} inside a function at "
        f"line {each.line}, from the higher {described(layer[each.imported])}."
        for module in sorted(sources(PACKAGE))
        for each in imports(module)
        if each.in_function
        and module in layer
        and each.imported in layer
        and layer[each.imported] > layer[module]
    ]
    assert not wrong, " ".join(
        [*wrong, "Register a hook in hearts.game.hooks instead (docs/contributing.md, The map)."]
    )


def import_graph() -> dict[str, set[str]]:
    """Each module's imports of other modules of the package, inside functions included.

    Only the module an import names: the package ``__init__`` a submodule's import runs
    first is not a circle of the submodule's making.
    """
    modules = sources(PACKAGE)
    return {
        module: {each.imported for each in imports(module) if each.direct} - {module}
        for module in modules
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph[module]):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_two_modules_import_each_other() -> None:
    """No import circle, imports inside functions included (the package itself aside: its
    ``__init__`` re-exports what the modules define, and none of them imports ``hearts``)."""
    graph = import_graph()
    graph.pop("hearts", None)
    for imported in graph.values():
        imported.discard("hearts")
    found = circles(graph)
    assert not found, "These modules import each other, directly or around a circle: " + "; ".join(
        " ↔ ".join(group) for group in found
    )


def test_no_module_is_longer_than_700_lines_but_the_kernel() -> None:
    long = sorted(
        f"{path.relative_to(ROOT)} ({lines} lines)"
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 700
        and path != PACKAGE / "game" / "play.py"
    )
    assert not long, "Split these modules by concern: " + ", ".join(long)


# --- the kernel of play ---------------------------------------------------------------------


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_a_private_name_of_another() -> None:
    """An internal API another module needs has a public name (docs/contributing.md)."""
    wrong = []
    for path, tree in sorted(sources(PACKAGE).values()):
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hearts"):
                wrong += [
                    f"{path.relative_to(ROOT)}:{node.lineno} imports {alias.name} from "
                    f"{node.module}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    assert not wrong, "; ".join(wrong) + ". Give the name a public name in its module."


def test_the_package_folder_holds_few_modules() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= 15, (
        f"hearts/ holds {len(top)} modules ({', '.join(top)}): put them in a package"
    )


def outside_the_kernel(package: Path) -> Iterator[tuple[str, ast.Module]]:
    for module, (_, tree) in sources(package).items():
        if module != KERNEL and module not in ARRAY_FORM:
            yield module, tree


def name_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


RULE_NAMES = re.compile(
    r"trick_winner|winner_of|^_?winner$|breaks?_hearts|^_?(follow_suit|must_follow|led_suit|suit_led)$"
)


def rule_functions(package: Path) -> list[str]:
    return [
        f"{module} defines {function.name} at line {function.lineno}."
        for module, tree in outside_the_kernel(package)
        for function in functions(tree)
        if RULE_NAMES.search(function.name)
    ]


def own_hearts_broken(package: Path) -> list[str]:
    """Hearts-broken flags set outside the kernel: anything but a copy of another's value."""
    found = []
    for module, tree in outside_the_kernel(package):
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign | ast.NamedExpr) and node.value is not None:
                targets, value = [node.target], node.value
            elif isinstance(node, ast.AugAssign):
                targets, value = [node.target], None
            else:
                continue
            for target in targets:
                name = name_of(target)
                if name is None or "broken" not in name:
                    continue
                if value is None or not isinstance(value, ast.Name | ast.Attribute | ast.Subscript):
                    found.append(
                        f"{module} sets its own hearts-broken flag at line {node.lineno}: "
                        f"{ast.unparse(node)}."
                    )
    return found


def computed_winners(package: Path) -> list[str]:
    """Trick winners worked out by arithmetic outside the kernel, not asked of it."""
    found = []
    for module, tree in outside_the_kernel(package):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if not any(re.fullmatch(r"_?(trick_)?winner", name_of(t) or "") for t in targets):
                continue
            computes = any(
                isinstance(part, ast.BinOp)
                or (isinstance(part, ast.Attribute) and part.attr in ("index", "bit_length"))
                for part in ast.walk(node.value)
            )
            if computes:
                found.append(
                    f"{module} works out a trick's winner at line {node.lineno}: "
                    f"{ast.unparse(node)}."
                )
    return found


def first_card_suits(package: Path) -> list[str]:
    """The suit of a trick's first card read outside the kernel: how a copy follows suit."""

    def first_card(node: ast.AST) -> bool:
        return any(
            isinstance(part, ast.Subscript)
            and isinstance(part.slice, ast.Constant)
            and part.slice.value == 0
            for part in ast.walk(node)
        )

    found = []
    for module, tree in outside_the_kernel(package):
        for node in ast.walk(tree):
            suit_mask = (
                isinstance(node, ast.Subscript)
                and name_of(node.value) in ("LED_MASK", "SUIT_MASKS")
                and first_card(node.slice)
            )
            suit_number = (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.FloorDiv)
                and isinstance(node.left, ast.Subscript)
                and first_card(node.left)
            )
            if suit_mask or suit_number:
                found.append(
                    f"{module} reads the suit of a trick's first card at line {node.lineno}: "
                    f"{ast.unparse(node)}."
                )
    return found


def suit_led_readers(package: Path) -> list[str]:
    """Modules outside the kernel that read the suit led, and are not listed for it."""
    found = []
    for module, tree in outside_the_kernel(package):
        if module in READS_THE_SUIT_LED:
            continue
        lines = sorted(
            {
                node.lineno
                for node in ast.walk(tree)
                if isinstance(node, ast.Name | ast.Attribute)
                and name_of(node) in ("LED_MASK", "led_card")
            }
            | {
                node.lineno
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom)
                and any(alias.name in ("LED_MASK", "led_card") for alias in node.names)
            }
        )
        if lines:
            found.append(
                f"{module} reads the suit led (LED_MASK or led_card) at lines "
                f"{', '.join(map(str, lines))}."
            )
    return found


def cards_played_by_hand(package: Path) -> list[str]:
    """Functions outside the kernel that take a card from a hand and add it to a trick."""

    def is_trick(node: ast.AST) -> bool:
        return name_of(node) in ("trick", "cards", "played")

    found = []
    for module, tree in outside_the_kernel(package):
        for function in functions(tree):
            added = taken = 0
            for node in ast.walk(function):
                if isinstance(node, ast.Tuple | ast.List) and any(
                    isinstance(item, ast.Starred) and is_trick(item.value) for item in node.elts
                ):
                    added = added or node.lineno
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("append", "extend")
                    and is_trick(node.func.value)
                ):
                    added = added or node.lineno
                if (
                    isinstance(node, ast.AugAssign)
                    and isinstance(node.op, ast.BitXor | ast.BitAnd)
                    and isinstance(node.target, ast.Subscript)
                ) or (
                    isinstance(node, ast.BinOp)
                    and isinstance(node.op, ast.BitAnd)
                    and isinstance(node.left, ast.Subscript)
                    and isinstance(node.right, ast.UnaryOp)
                    and isinstance(node.right.op, ast.Invert)
                ):
                    taken = taken or node.lineno
            if added and taken:
                found.append(
                    f"{module}'s {function.name} plays a card itself: it takes a card from a "
                    f"hand at line {taken} and adds one to a trick at line {added}."
                )
    return found


def assert_only_the_kernel(found: list[str], what: str) -> None:
    assert not found, " ".join(
        [
            *found,
            f"Only hearts/game/play.py {what}; call the kernel (hearts.game.play.Position, RulesOfPlay, "
            "trick_winner, replay) instead (docs/contributing.md, 'Where each rule lives').",
        ]
    )


def test_only_the_kernel_defines_functions_named_after_a_rule_of_play() -> None:
    assert_only_the_kernel(
        rule_functions(PACKAGE), "defines the trick's winner, hearts broken and following suit"
    )


def test_only_the_kernel_sets_hearts_broken() -> None:
    assert_only_the_kernel(own_hearts_broken(PACKAGE), "decides whether hearts are broken")


def test_only_the_kernel_works_out_a_tricks_winner() -> None:
    assert_only_the_kernel(computed_winners(PACKAGE), "works out who wins a trick")


def test_only_the_kernel_follows_suit() -> None:
    assert_only_the_kernel(first_card_suits(PACKAGE), "decides which suit must be followed")


def test_only_the_listed_modules_read_the_suit_led() -> None:
    found = suit_led_readers(PACKAGE)
    assert not found, " ".join(
        [
            *found,
            "Outside hearts/game/play.py only "
            + ", ".join(f"{module} ({why})" for module, why in READS_THE_SUIT_LED.items())
            + " read the suit led; decide what may be played with the kernel instead "
            "(docs/contributing.md, 'Where each rule lives').",
        ]
    )


def test_only_the_kernel_plays_a_card() -> None:
    assert_only_the_kernel(cards_played_by_hand(PACKAGE), "plays a card (Position.play)")


def test_the_listed_suit_led_readers_still_read_it() -> None:
    # A module listed that no longer reads the suit led is taken off the list.
    for module in READS_THE_SUIT_LED:
        _, tree = sources(PACKAGE)[module]
        names = {name_of(node) for node in ast.walk(tree)}
        assert names & {"LED_MASK", "led_card"}, (
            f"{module} no longer reads the suit led: take it off READS_THE_SUIT_LED in "
            "tests/test_layers.py and off docs/contributing.md."
        )
        assert f"`{module.replace('.', '/')}.py`" in GUIDE.read_text("utf-8"), (
            f"docs/contributing.md does not name {module} among the modules that read the suit led."
        )


# --- the guide names what the code has ------------------------------------------------------


def resolve(dotted: str) -> object:
    """The object a dotted name of the package names, importing its module."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:end]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[end:]:
            found = getattr(found, attribute)
        return found
    raise ModuleNotFoundError(dotted)


def test_every_name_the_guide_gives_exists() -> None:
    text = GUIDE.read_text("utf-8")
    names = sorted(set(re.findall(r"`~?(hearts(?:\.\w+)+)(?:\(\))?`", text)))
    assert "hearts.game.play.trick_winner" in names
    missing = []
    for name in names:
        batched = name == "hearts.batch" or name.startswith(("hearts.batch.", *ARRAY_FORM))
        if batched and importlib.util.find_spec("jax") is None:
            assert (PACKAGE / "rl" / "batch.py").is_file()  # there, but it needs the jax extra
            continue
        try:
            resolve(name)
        except (AttributeError, ModuleNotFoundError):
            missing.append(name)
    assert not missing, (
        f"docs/contributing.md names {', '.join(missing)}, which the code does not have: "
        "the guide and the code must agree."
    )


def test_every_path_the_guide_gives_exists() -> None:
    text = GUIDE.read_text("utf-8")
    paths = sorted(set(re.findall(r"`((?:hearts|tests|docs|benchmarks|scripts)/[\w/.]+)`", text)))
    missing = [path for path in paths if not (ROOT / path).exists()]
    assert not missing, f"docs/contributing.md names {', '.join(missing)}, which do not exist."


def test_the_guide_names_every_rule_of_play() -> None:
    text = GUIDE.read_text("utf-8")
    by_object = {id(value): name for name, value in vars(hearts.game.play).items()}
    names = [by_object[id(rule)] for rule in hearts.game.play.PLAY_RULES]
    unnamed = [name for name in names if f"`hearts.game.play.{name}`" not in text]
    assert not unnamed, (
        f"docs/contributing.md does not name the rules of play {', '.join(unnamed)} of "
        "hearts.game.play.PLAY_RULES in its table of where each rule lives."
    )
