"""CGSuite's plain-text notation for canonical forms: printing, parsing, expressions.

Printing follows CGSuite's rules, so that its output and ours compare side by side:

- numbers ``0``, ``5``, ``-1/2``, ``25/16``; nimbers ``*``, ``*2``;
- a number plus multiples of up plus a nimber, juxtaposed: ``^``, ``^^``, ``^3``, ``v``, ``vv``,
  ``v3``, ``^*``, ``^*6``, ``1*``, ``9/8*``, ``6^*``, ``73/16v9*8``; the same with up-nth
  ``^<n>`` or ``^[n] = ^ + ^<2> + ... + ^<n>`` (and ``v<n>``, ``v[n]``) in place of the ups;
- switches ``G = -G`` as ``+-`` of Left's options: ``+-1``, ``+-(1*)``, ``+-{2|1}``,
  ``+-{1,{2|1}}``;
- ``x + {0 || 0 | -y}`` as ``xTiny(y)`` and ``x + {y | 0 || 0}`` as ``xMiny(y)``
  (``Tiny(1)``, ``Tiny({3|1})``, ``2Miny(1/2)``);
- anything else as ``{A,B|C}``, a nested game on the side of a single option written without
  braces and with more slashes (``{1|^^||^}`` is ``{{1|^^}|^}``), up to four slashes.

Parsing reads all of that back, plus ``+``, ``-`` and binary ``+-`` (``1+-1`` is
``1 + +-1 = {2|0}``) and parentheses, so ``{1|*} + ^`` and ``+-1 + +-1`` evaluate.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NoReturn

from perfectplay.cgt.form import STAR, ZERO, CanonicalForm
from perfectplay.core.errors import quote
from perfectplay.core.limits import CGT_MAX_INPUT, CGT_MAX_NESTING, CGT_MAX_WORK, check_need

__all__ = ["evaluate", "format_form", "miny", "parse", "tiny", "up_power", "up_power_to"]

MAX_SLASHES = 4
"""CGSuite writes braces instead of a fifth slash."""


def tiny(g: CanonicalForm) -> CanonicalForm:
    """Tiny-G, ``{0 || 0 | -G}``: positive, infinitesimal (for G > 0 large, tinier than ups).

    Examples
    --------
    >>> t = tiny(CanonicalForm.integer(1))
    >>> str(t), t.outcome, str(t.left_options[0]), str(t.right_options[0])
    ('Tiny(1)', 'L', '0', '{0|-1}')
    """
    return CanonicalForm.from_options([ZERO], [CanonicalForm.from_options([ZERO], [-g])])


def up_power(n: int) -> CanonicalForm:
    """Up-nth, ``^<n>``: ``^<1> = ^`` and ``^<n> = {0 | * - ^[n-1]}`` (CGSuite's ``^.Pow(n)``).

    Raises
    ------
    ValueError
        For ``n < 1``.

    Examples
    --------
    >>> str(up_power(1)), str(up_power(2).right_options[0]), str(up_power(3))
    ('^', 'v*', '^<3>')
    """
    if n < 1:
        raise ValueError(f"^<n> needs n >= 1, got {n}")
    found = _POWERS.get(n)
    if found is None:
        found = CanonicalForm.from_options([ZERO], [STAR - up_power_to(n - 1)])
        _POWERS[n] = found
        _name_higher(found, f"<{n}>")
    return found


def up_power_to(n: int) -> CanonicalForm:
    """``^[n] = ^ + ^<2> + ... + ^<n>``: ``^[0] = 0`` and ``^[n] = {^[n-1] | *}`` (CGSuite's
    ``^.PowTo(n)``).

    Examples
    --------
    >>> str(up_power_to(1)), str(up_power_to(2).left_options[0]), str(up_power_to(4))
    ('^', '^', '^[4]')
    >>> up_power_to(3) is up_power(1) + up_power(2) + up_power(3)
    True
    """
    if n < 0:
        raise ValueError(f"^[n] needs n >= 0, got {n}")
    low = n
    while low > 0 and low not in _POWER_SUMS:  # made from the highest known one up: a loop
        low -= 1
    found = _POWER_SUMS.setdefault(0, ZERO) if low == 0 else _POWER_SUMS[low]
    for k in range(low + 1, n + 1):
        found = _POWER_SUMS[k] = CanonicalForm.from_options([found], [STAR])
        if k >= 2:
            _name_higher(found, f"[{k}]")
    return found


def _name_higher(g: CanonicalForm, name: str) -> None:
    """Remember how ``g`` (``^<n>`` or ``^[n]``) and ``-g`` print, so that printing need not
    search for ``n`` (which costs a sum per candidate ``n``)."""
    _HIGHER[g] = (Fraction(0), "^" + name, 0)
    _HIGHER[-g] = (Fraction(0), "v" + name, 0)


_POWERS: dict[int, CanonicalForm] = {}
_POWER_SUMS: dict[int, CanonicalForm] = {}
_HIGHER: dict[CanonicalForm, tuple[Fraction, str, int] | None] = {}


def _higher_uptimal(g: CanonicalForm) -> tuple[Fraction, str, int] | None:
    """``(x, "^<n>", m)`` when ``g = x + ^<n> + *m`` (n >= 2), likewise for ``v<n>``,
    ``^[n]`` and ``v[n]``, else None: the higher uptimals CGSuite writes compactly.

    Such a game and its options are infinitesimally close to ``x``, and it has one right
    option when it leans up (one left option when it leans down); candidates are tried only
    then."""
    if g in _HIGHER:
        return _HIGHER[g]
    found = None
    x = g.left_stop
    options = (*g.left_options, *g.right_options)
    if (x == g.right_stop and not g.is_uptimal
            and (len(g.right_options) == 1 or len(g.left_options) == 1)
            and all(o.left_stop == o.right_stop == x for o in options)):
        h = g - CanonicalForm.number(x)
        # x + ^<n> + *m is born on day n + 1 + max(m - 1, 0) (likewise ^[n]): the largest
        # candidates come first, and a small nimber finds its n in a step or two.
        for n in range(g.birthday - 1, 1, -1):
            for name, unit in (("<", up_power(n)), ("[", up_power_to(n))):
                for arrow, signed in (("^", unit), ("v", -unit)):
                    parts = (h - signed).uptimal_parts
                    if parts is not None and parts[0] == 0 and parts[1] == 0:
                        close = ">" if name == "<" else "]"
                        found = (x, f"{arrow}{name}{n}{close}", parts[2])
                        break
                if found:
                    break
            if found:
                break
    _HIGHER[g] = found
    return found


def miny(g: CanonicalForm) -> CanonicalForm:
    """Miny-G, ``{G | 0 || 0}`` = -Tiny-G.

    >>> str(miny(CanonicalForm.integer(2)))
    'Miny(2)'
    """
    return -tiny(g)


# -- printing --------------------------------------------------------------------------------


def format_form(g: CanonicalForm) -> str:
    """``g`` in CGSuite's plain-text notation (what ``str(g)`` gives).

    Examples
    --------
    >>> g = CanonicalForm.parse('{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}')
    >>> format_form(g)
    '{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}'
    >>> [format_form(CanonicalForm.parse(s)) for s in ('9/8+*', '73/16+v9*8', '{^^^|vv}')]
    ['9/8*', '73/16v9*8', '{^3|vv}']
    """
    return _format(g, brackets=True, parens=False)[0]


def _format_uptimal(x: Fraction, ups: int, nim: int) -> str:
    text = ""
    if x != 0 or (ups == 0 and nim == 0):
        text = str(x)
    if ups:
        arrow = "^" if ups > 0 else "v"
        text += arrow * 2 if abs(ups) == 2 else arrow + (str(abs(ups)) if abs(ups) > 2 else "")
    if nim:
        text += "*" + (str(nim) if nim > 1 else "")
    return text


def _tiny_parts(g: CanonicalForm) -> tuple[str, CanonicalForm, CanonicalForm] | None:
    """``("Tiny", x, y)`` when ``g = x + Tiny(y)``, ``("Miny", x, y)`` when ``x + Miny(y)``
    (CGSuite's test: ``{x || x | z}`` with ``z`` below ``x`` in mean, and its mirror)."""
    if len(g.left_options) != 1 or len(g.right_options) != 1:
        return None
    gl, gr = g.left_options[0], g.right_options[0]
    if (gl.is_number and len(gr.left_options) == 1 and len(gr.right_options) == 1
            and gr.left_options[0] is gl and gr.right_options[0].mean < gl.mean):
        return ("Tiny", gl, gl - gr.right_options[0])
    if (gr.is_number and len(gl.left_options) == 1 and len(gl.right_options) == 1
            and gl.right_options[0] is gr and gl.left_options[0].mean > gr.mean):
        return ("Miny", gr, gl.left_options[0] - gr)
    return None


def _format(g: CanonicalForm, brackets: bool, parens: bool) -> tuple[str, int]:
    """The text of ``g`` and how many slashes it shows at its top level (0 when braced).

    ``brackets`` asks for braces around a general game, ``parens`` for parentheses around a
    compound value such as ``1*`` (as the operand of ``+-``)."""
    parts = g.uptimal_parts
    if parts is not None:
        x, ups, nim = parts
        text = _format_uptimal(x, ups, nim)
        compact = g.is_number or g.is_nimber or (x == 0 and nim == 0)
        return (f"({text})" if parens and not compact else text), 0
    higher = _higher_uptimal(g)
    if higher is not None:
        x, arrows, nim = higher
        text = (str(x) if x != 0 else "") + arrows + ("*" + (str(nim) if nim > 1 else "")
                                                       if nim else "")
        compact = x == 0 and nim == 0
        return (f"({text})" if parens and not compact else text), 0
    left, right = g.left_options, g.right_options
    if -g is g:  # a switch, +-{G^L}
        if len(left) == 1:
            return "+-" + _format(left[0], brackets=True, parens=True)[0], 0
        return "+-{" + ",".join(_format(o, True, False)[0] for o in left) + "}", 0
    tiny_parts = _tiny_parts(g)
    if tiny_parts is not None:
        name, translate, subscript = tiny_parts
        text = (_format(translate, False, False)[0] if translate is not ZERO else "")
        text += f"{name}({_format(subscript, True, False)[0]})"
        return (f"({text})" if parens else text), 0
    texts: list[list[str]] = [[], []]
    slashes = 0
    for side, options in enumerate((left, right)):
        for option in options:
            text, inner = _format(option, brackets=len(options) > 1, parens=False)
            texts[side].append(text)
            slashes = max(slashes, inner + 1)
    body = ",".join(texts[0]) + "|" * slashes + ",".join(texts[1])
    if brackets or slashes == MAX_SLASHES:
        return "{" + body + "}", 0
    return body, slashes


# -- parsing ---------------------------------------------------------------------------------


def parse(text: str) -> CanonicalForm:
    """The value written ``text``: CGSuite notation, sums and differences of values.

    The same as :func:`evaluate`.

    Examples
    --------
    >>> parse('{0||0|-1}') is tiny(CanonicalForm.integer(1))
    True
    """
    return evaluate(text)


def evaluate(text: str) -> CanonicalForm:
    """Evaluate an expression of values in CGSuite's notation.

    Values are those :func:`format_form` writes (``3/4``, ``*2``, ``^^*``, ``1/2v3*``,
    ``+-1``, ``Tiny(1)``, ``{0,*|0,*}``, ``{3||2*|1*}``), combined with ``+``, ``-``, unary
    ``-``, ``+-`` (unary ``+-G = {G | -G}``; binary ``a+-b = a + +-b``, as in CGSuite) and
    parentheses. A number followed by ``*`` is a number plus a nimber (``2*3`` is ``2 + *3``,
    as CGSuite prints it; there is no multiplication).

    Input is limited: at most :data:`~perfectplay.core.limits.CGT_MAX_INPUT` characters,
    nested at most :data:`~perfectplay.core.limits.CGT_MAX_NESTING` deep (parentheses,
    braces, slashes, ``+-``), and literals whose forms take at most
    :data:`~perfectplay.core.limits.CGT_MAX_WORK` options to make (``*n`` takes
    ``n(n+1)/2``, ``^n`` takes ``n``); ``^<n>`` and ``^[n]`` for ``n <= 250``, numbers of at
    most 1000 digits over at most ``2**256``; only ASCII digits make numbers.

    Raises
    ------
    ValueError
        For text that is not an expression of values, quoting it (its first 100 characters)
        and the position of the problem.
    EngineLimitError
        For a literal beyond the limits (a ValueError too).

    Examples
    --------
    >>> str(evaluate('{1|*} + ^')), str(evaluate('+-1 + +-1')), str(evaluate('1+-1'))
    ('{1^|^*}', '0', '{2|0}')
    >>> str(evaluate('^ + ^ + *')), str(evaluate('*2 + *3')), str(evaluate('-(3/4 + v)'))
    ('^^*', '*', '-3/4^')
    >>> evaluate('{1|2')
    Traceback (most recent call last):
    ...
    ValueError: cannot parse '{1|2': expected ',', '|' or '}' at position 4
    """
    if len(text) > CGT_MAX_INPUT:
        raise ValueError(f"cannot parse {quote(text)}: longer than {CGT_MAX_INPUT:,} "
                         "characters (the limit)")
    parser = _Parser(text)
    value = parser.expression()
    parser.skip_space()
    if parser.pos != len(text):
        parser.fail("expected '+', '-' or the end")
    return value


class _Parser:
    """A recursive-descent parser over ``text``; ``pos`` is the next character to read,
    ``depth`` how deeply the parser has recursed (bounded: deep input is refused)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.depth = 0

    def fail(self, what: str, at: int | None = None) -> NoReturn:
        where = self.pos if at is None else at
        raise ValueError(f"cannot parse {quote(self.text)}: {what} at position {where}")

    def enter(self, levels: int = 1) -> None:
        """Go ``levels`` deeper (``leave`` comes back), refusing more than the limit."""
        self.depth += levels
        if self.depth > CGT_MAX_NESTING:
            self.fail(f"nested deeper than {CGT_MAX_NESTING} levels (the limit)")

    def leave(self, levels: int = 1) -> None:
        self.depth -= levels

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self, token: str) -> bool:
        self.skip_space()
        return self.text.startswith(token, self.pos)

    def take(self, token: str) -> bool:
        if self.peek(token):
            self.pos += len(token)
            return True
        return False

    def expression(self) -> CanonicalForm:
        """sum := unary (('+' | '-' | '+-') unary)*"""
        value = self.unary()
        while True:
            if self.take("+-"):
                value = value + _switch(self.unary())
            elif self.take("+"):
                value = value + self.unary()
            elif self.take("-"):
                value = value - self.unary()
            else:
                return value

    def unary(self) -> CanonicalForm:
        """unary := ('-' | '+' | '+-') unary | '+-{' list '}' | atom

        Read in a loop, the signs first: a thousand of them do not recurse. Each ``+-``
        nests the value one level deeper, so it counts towards the nesting limit.

        A '-' right before a digit signs the number of a literal, not the literal: ``-1^`` is
        ``-1 + ^``, as CGSuite prints it; ``-(1^)`` negates."""
        signs: list[bool] = []  # True: +-G, False: -G; applied innermost first
        switches = 0
        while True:
            if self.take("+-"):
                if self.peek("{"):
                    start = self.pos
                    self.pos += 1
                    self.enter()
                    options = self.option_list()
                    self.leave()
                    if self.take("}"):  # +-{A,B}: the switch {A,B | -A,-B}
                        value = CanonicalForm.from_options(options, [-g for g in options])
                        break
                    self.pos = start
                signs.append(True)
                switches += 1
                self.enter()
            elif self.peek("-") and self.text[self.pos + 1: self.pos + 2] in _DIGITS:
                self.pos += 1
                value = self.literal(negative=True)
                break
            elif self.take("-"):
                signs.append(False)
            elif not self.take("+"):
                value = self.atom()
                break
        self.leave(switches)
        for switch in reversed(signs):
            value = _switch(value) if switch else -value
        return value

    def atom(self) -> CanonicalForm:
        """atom := '(' sum ')' | '{' slashes '}' | literal"""
        if self.take("("):
            self.enter()
            value = self.expression()
            if not self.take(")"):
                self.fail("expected ')'")
            self.leave()
            return value
        if self.take("{"):
            self.enter()
            value = self.game_body()
            if not self.take("}"):
                self.fail("expected ',', '|' or '}'")
            self.leave()
            return value
        return self.literal()

    def game_body(self) -> CanonicalForm:
        """Lists of options separated by runs of slashes: the longest run splits first."""
        lists = [self.option_list()]
        runs: list[tuple[int, int]] = []  # (length, position)
        while self.peek("|"):
            start = self.pos
            while self.pos < len(self.text) and self.text[self.pos] == "|":
                self.pos += 1
            runs.append((self.pos - start, start))
            self.enter()  # each run of slashes nests a game one level deeper
            lists.append(self.option_list())
        if not runs:
            self.fail("expected '|'")
        self.leave(len(runs))
        return self.split(lists, runs)

    def split(self, lists: list[list[CanonicalForm]],
              runs: list[tuple[int, int]]) -> CanonicalForm:
        longest = max(length for length, _ in runs)
        at = [i for i, (length, _) in enumerate(runs) if length == longest]
        if len(at) > 1:
            self.fail("ambiguous slashes (two runs of the same length)", runs[at[1]][1])
        i = at[0]
        left = lists[: i + 1]
        right = lists[i + 1:]
        left_options = left[0] if i == 0 else [self.split(left, runs[:i])]
        right_options = right[0] if i == len(runs) - 1 else [self.split(right, runs[i + 1:])]
        return CanonicalForm.from_options(left_options, right_options)

    def option_list(self) -> list[CanonicalForm]:
        """list := [sum (',' sum)*], empty when a slash or brace follows."""
        if self.peek("|") or self.peek("}"):
            return []
        options = [self.expression()]
        while self.take(","):
            options.append(self.expression())
        return options

    def literal(self, negative: bool = False) -> CanonicalForm:
        """literal := [number] [arrows] [star] [Tiny(..) | Miny(..)], not empty; ``negative``
        when a '-' before the number was read."""
        self.skip_space()
        start = self.pos
        value = ZERO
        number = self.number()
        if number is not None:
            value = -number if negative else number
        higher = self.higher_arrow()
        if higher is not None:
            value = value + higher
        ups = 0 if higher is not None else self.arrows()
        nim = self.star()
        check_need(self.text[start:self.pos], abs(ups) + nim * (nim + 1) // 2, CGT_MAX_WORK,
                   "options")
        if ups or nim:
            value = value + CanonicalForm.uptimal(0, ups, nim)
        for name, make in (("Tiny", tiny), ("Miny", miny)):
            if self.text.startswith(name, self.pos):
                self.pos += len(name)
                if not self.take("("):
                    self.fail("expected '('")
                self.enter(2)  # Tiny(G) holds G two levels down
                value = value + make(self.expression())
                if not self.take(")"):
                    self.fail("expected ')'")
                self.leave(2)
                break
        if self.pos == start:
            self.fail("expected a value")
        return value

    def digits(self) -> int | None:
        """A run of ASCII digits (others, such as '٣', are not numbers here), at most
        ``_MAX_DIGITS`` of them."""
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos - start > _MAX_DIGITS:
            self.fail(f"a number of more than {_MAX_DIGITS} digits (the limit)", start)
        return int(self.text[start:self.pos]) if self.pos > start else None

    def number(self) -> CanonicalForm | None:
        start = self.pos
        numerator = self.digits()
        if numerator is None:
            return None
        value = Fraction(numerator)
        if self.text.startswith("/", self.pos):
            self.pos += 1
            denominator = self.digits()
            if denominator is None:
                self.fail("expected a denominator")
            if denominator == 0 or denominator & (denominator - 1):
                self.fail("expected a power of 2 as denominator", start)
            if denominator > _MAX_DENOMINATOR:
                self.fail(f"a denominator above 2**{_MAX_DENOMINATOR.bit_length() - 1} (the "
                          "limit)", start)
            value = Fraction(numerator, denominator)
        return CanonicalForm.number(value)

    def higher_arrow(self) -> CanonicalForm | None:
        """'^<n>' or '^[n]' (and 'v<n>', 'v[n]'): up-nth and ^ + ^<2> + ... + ^<n>."""
        for arrow, sign in (("^", 1), ("v", -1)):
            for opening, closing, make in (("<", ">", up_power), ("[", "]", up_power_to)):
                if self.text.startswith(arrow + opening, self.pos):
                    self.pos += 2
                    n = self.digits()
                    if n is None or n < 1:
                        self.fail("expected a positive integer")
                    if n > _MAX_UP_NTH:  # its form is n levels deep: the algebra recurses
                        self.fail(f"{arrow}{opening}n{closing} with n above {_MAX_UP_NTH} "
                                  "(the limit)")
                    if not self.text.startswith(closing, self.pos):
                        self.fail(f"expected {closing!r}")
                    self.pos += 1
                    return make(n) if sign > 0 else -make(n)
        return None

    def arrows(self) -> int:
        """'^' (up), '^^', '^^^'..., '^3'; 'v' and the like for down."""
        for arrow, sign in (("^", 1), ("v", -1)):
            count = 0
            while self.text.startswith(arrow, self.pos):
                self.pos += 1
                count += 1
            if count:
                multiple = self.digits()
                if multiple is not None:
                    if count > 1:
                        self.fail("expected '*' or an operator", self.pos - 1)
                    count = multiple
                return sign * count
        return 0

    def star(self) -> int:
        if not self.text.startswith("*", self.pos):
            return 0
        self.pos += 1
        n = self.digits()
        return 1 if n is None else n


_DIGITS = frozenset("0123456789")
_MAX_DIGITS = 1000
"""Most digits of a number (Python converts at most 4300 to an int)."""
_MAX_UP_NTH = 250
"""Largest n of ``^<n>`` and ``^[n]``."""
_MAX_DENOMINATOR = 2 ** 256
"""Largest denominator of a number: 1/2**k is k forms deep, and its thermograph has k
corners."""


def _switch(g: CanonicalForm) -> CanonicalForm:
    """``+-G = {G | -G}``."""
    return CanonicalForm.from_options([g], [-g])
