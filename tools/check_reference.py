#!/usr/bin/env python3
"""Checks that every public name of every public header has an entry in the reference.

A public header is include/xlayout/<layer>/<name>.hpp (not under detail/); its page is
docs/reference/<layer>/<name>.md. Headers directly under include/xlayout/ (the umbrellas and version.hpp)
are described by docs/reference/index.md.

The public names of a header are those it declares at namespace scope in namespace xlayout or one of its
sub-namespaces (xlayout::hlo, xlayout::text), outside any namespace called `detail` or ending in `_detail`:
functions, structs and classes (templates or not), enums, aliases (`using X =`), concepts and variables
(`inline constexpr T x = ...`, variable templates). Operators, deduction guides, `using` declarations and
forward declarations are not names of their own. The parser is pragmatic: comments, strings and
preprocessor lines are removed, then the text is cut into namespace-scope declarations at `;` and at
balanced `{...}` bodies.

An entry is a level-3 heading (`### ...`) of the header's page that names the declaration: the heading's
text, with backticks and anything from the first `(` or `<` of each item removed, split at `,` and `/`,
contains the name. So `### make_shape`, `### \`is_static\`, \`is_dynamic_dimension\`` and
`### Tensor<T, Mapping>` are entries for the names they list.

Usage: check_reference.py SOURCE_DIR [--list]
  exit code 1 and one line per missing entry (header, name, page); --list prints the names found instead.
"""
import pathlib
import re
import sys

IDENT = re.compile(r"[A-Za-z_]\w*")
KEYWORDS = {
    "constexpr", "consteval", "constinit", "inline", "static", "extern", "friend", "virtual", "explicit",
    "const", "volatile", "noexcept", "auto", "decltype", "requires", "typename", "template", "operator",
    "return", "sizeof", "alignof", "alignas", "nodiscard", "maybe_unused", "unsigned", "signed", "long",
    "short", "int", "char", "bool", "void", "float", "double",
}


def strip(text):
    """Removes comments, string and character literals (kept as empty quotes) and preprocessor lines."""
    out = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c == "#":
            # a preprocessor line, with its continuations
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    i += 1
                    out.append("\n")  # keep line numbers
                i += 1
            continue
        if c == "/" and text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            out.append(" " + "\n" * text.count("\n", i, n if end < 0 else end))
            i = n if end < 0 else end + 2
            continue
        if c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i)
            delim = text[i + 2:open_paren]
            end = text.find(")" + delim + '"', open_paren)
            out.append('""' + "\n" * text.count("\n", i, n if end < 0 else end))
            i = n if end < 0 else end + len(delim) + 2
            continue
        if c in "\"'":
            # a digit separator (1'000) is not a character literal
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum():
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
            continue
        if c == "\n":
            at_line_start = True
        elif not c.isspace():
            at_line_start = False
        out.append(c)
        i += 1
    return "".join(out)


def skip_balanced(text, i, open_c, close_c):
    """text[i] is open_c: returns the index after its matching close_c."""
    depth = 0
    while i < len(text):
        if text[i] == open_c:
            depth += 1
        elif text[i] == close_c:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def skip_template_header(text, i):
    """text[i:] starts with `template`: returns the index after its `<...>` (angle brackets counted, with
    parentheses and braces skipped so that `(a > b)` does not close it)."""
    i = text.index("<", i)
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "({[":
            i = skip_balanced(text, i, c, {"(": ")", "{": "}", "[": "]"}[c])
            continue
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def skip_requires_clause(head):
    """Removes a leading requires-clause (`requires (expr)` or `requires a<T> && b<T>`) from head."""
    if not re.match(r"requires\b", head):
        return head
    i = len("requires")
    while True:
        while i < len(head) and head[i] == " ":
            i += 1
        if i < len(head) and head[i] == "(":
            i = skip_balanced(head, i, "(", ")")
        else:
            m = re.compile(r"!?[\w:]+").match(head, i)
            if not m:
                break
            i = m.end()
            if i < len(head) and head[i] == "<":
                i = skip_template_header("template" + head[i:], 0) - len("template") + i
        rest = head[i:].lstrip()
        if rest.startswith(("&&", "||")):
            i = len(head) - len(rest) + 2
            continue
        return rest
    return head[i:].strip()


def name_of(head, terminator):
    """The declared name of a namespace-scope declaration whose text before `terminator` is head, or None."""
    head = " ".join(head.split())
    # attribute-like macros before the declaration (XLAYOUT_EXEC_CHECK_DISABLE, XLAYOUT_HD)
    macro = re.compile(r"^(?:XLAYOUT_[A-Z0-9_]*\s+)+")
    head = macro.sub("", head)
    while head.startswith("template"):
        head = head[skip_template_header(head, 0):].strip()
        head = macro.sub("", head)
    head = re.sub(r"\[\[[^\]]*\]\]", " ", head).strip()
    # an all-caps macro invocation without `;` (XLAYOUT_ELEMENT_TYPES(XLAYOUT_X)) declares nothing by name
    head = re.sub(r"^(?:[A-Z][A-Z0-9_]*\s*\([^()]*\)\s*)+", "", head).strip()
    if not head or head.startswith(("friend ", "static_assert", "using namespace", "extern template")):
        return None
    m = re.match(r"(?:concept|using)\s+(\w+)\s*$", head)
    if m and terminator == "=":
        return m.group(1)
    if head.startswith("using"):
        return None  # a using-declaration
    m = re.match(r"(?:enum\s+(?:class|struct)\s+|enum\s+|struct\s+|class\s+|union\s+)(?:alignas\s*\([^)]*\)\s*)?(\w+)", head)
    if m:
        if terminator == ";":
            return None  # a forward declaration
        if "<" in head[m.end():m.end() + 2]:
            return None  # a partial or explicit specialisation
        return m.group(1)
    if "operator" in re.findall(r"\w+", head.split("(")[0]):
        return None
    head = skip_requires_clause(head)
    if "(" in head:
        before = head[:head.index("(")].rstrip()
        m = re.search(r"(~?\w+)\s*$", before)
        if not m:
            return None
        name = m.group(1)
        if name in KEYWORDS:
            # `constexpr auto f = [](...)` lambdas end at `=`; `decltype(...)`-typed names are rare
            return None
        if re.search(r"\w+\s*<[^>]*$", before):
            return None
        return name
    # a variable: the last identifier before `=`, `{` or `;`
    if re.match(r"(?:inline\s+|static\s+)?(?:constexpr|constinit|const)\b", head) or terminator == "=":
        idents = [t for t in IDENT.findall(re.sub(r"<[^<>]*>", " ", head)) if t not in KEYWORDS]
        return idents[-1] if idents else None
    return None


def declares_class(head):
    """Whether a declaration's head (before its `{`) declares a struct, class, union or enum: after its template
    headers (skipped whole, so that a template template parameter's `class` does not count)."""
    head = " ".join(head.split())
    while head.startswith("template"):
        head = head[skip_template_header(head, 0):].strip()
    return bool(re.match(r"(struct|class|union|enum)\b", head))


def public_names(text):
    """(name, line) for each public namespace-scope declaration of a header's text."""
    text = strip(text)
    names = []
    stack = []  # one entry per open brace: the namespace name, or None for any other brace
    i, n = 0, len(text)
    start = 0

    def public():
        return (stack and stack[0] is not None and stack[0].split("::")[0] == "xlayout"
                and all(ns is not None and not any(p == "detail" or p.endswith("_detail") for p in ns.split("::"))
                        for ns in stack))

    while i < n:
        c = text[i]
        if c in "{;=":
            head = text[start:i].strip()
            ns = re.fullmatch(r"(?:inline\s+)?namespace\s+([\w:]+)", head.replace("XLAYOUT_NAMESPACE", "xlayout"))
            if c == "{" and (ns or head == "namespace" or re.fullmatch(r'extern\s+""', head)):
                stack.append(ns.group(1) if ns else ("" if head == "namespace" else "extern"))
                if head != "namespace" and not ns:
                    stack[-1] = stack[-2] if len(stack) > 1 else None
                i += 1
                start = i
                continue
            if c == "=" and (text.startswith("==", i) or (i > 0 and text[i - 1] in "!<>=")):
                i += 2
                continue
            # a template header's `=` (a default argument) is not a terminator
            if head.startswith("template") and c == "=":
                stripped = " ".join(head.split())
                try:
                    end = skip_template_header(stripped, 0)
                except ValueError:
                    end = len(stripped)
                if end >= len(stripped):
                    i += 1
                    continue
            if public():
                name = name_of(head, c)
                if name:
                    names.append((name, text.count("\n", 0, start) + 1))
            # skip to the end of this declaration
            j = i
            while j < n and text[j] != ";":
                if text[j] == "{":
                    j = skip_balanced(text, j, "{", "}")
                    # a function or class body ends the declaration unless `;` or an initializer follows
                    rest = text[j:].lstrip()
                    if not rest.startswith((";", ",", ")", "(")) and not declares_class(head) and c != "=":
                        break
                    continue
                if text[j] == "(":
                    j = skip_balanced(text, j, "(", ")")
                    continue
                j += 1
            if j < n and text[j] == ";":
                j += 1
            i = start = j
            continue
        if c == "}":
            if stack:
                stack.pop()
            i += 1
            start = i
            continue
        if c == "(":
            i = skip_balanced(text, i, "(", ")")
            continue
        i += 1
    return names


def headers(root):
    for path in sorted((root / "include" / "xlayout").rglob("*.hpp")):
        rel = path.relative_to(root / "include" / "xlayout")
        if "detail" in rel.parts[:-1]:
            continue
        yield path, rel


def page_of(root, rel):
    if len(rel.parts) == 1:
        return root / "docs" / "reference" / "index.md"
    return root / "docs" / "reference" / rel.with_suffix(".md")


def entries(page):
    """The names a reference page has entries for."""
    found = set()
    for line in page.read_text().split("\n"):
        if not line.startswith("### "):
            continue
        for item in re.split(r"[,/]", line[4:].replace("`", "")):
            item = re.split(r"[(<]", item, maxsplit=1)[0].strip()
            if item:
                found.add(item.split()[-1])
    return found


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    listing = "--list" in sys.argv[2:]
    missing, checked = [], 0
    for path, rel in headers(root):
        # The functions tools/gen_diagnostics.py writes into diagnostics.hpp, one per error id, are described
        # once (### diagnostics::<id>) rather than each by name: their names are the ids, listed there.
        text = re.sub(r"// BEGIN functions generated.*?// END functions\n",
                      lambda m: "\n" * m.group(0).count("\n"), path.read_text(), flags=re.S)
        names = public_names(text)
        seen = set()
        unique = [(nm, ln) for nm, ln in names if not (nm in seen or seen.add(nm))]
        if listing:
            print(f"include/xlayout/{rel}: " + ", ".join(nm for nm, _ in unique))
            continue
        page = page_of(root, rel)
        have = entries(page) if page.exists() else set()
        for name, line in unique:
            checked += 1
            if name not in have:
                missing.append(f"include/xlayout/{rel}:{line}: `{name}` has no entry (a `### {name}` heading) in "
                               f"{page.relative_to(root)}" + ("" if page.exists() else " (no such page)"))
    if listing:
        return 0
    for m in missing:
        print(m)
    print(f"check_reference: {checked} public names, {len(missing)} without a reference entry")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
