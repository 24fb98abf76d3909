#!/usr/bin/env python3
"""The import graph of the rules core (`src/rules`) and its cycles: the strongly connected
components with more than one module.

Usage, from the repository root:

    scripts/rules-import-cycles.py              # files as modules, then top-level modules
    scripts/rules-import-cycles.py --no-tests   # leave out #[cfg(test)] items and files
    scripts/rules-import-cycles.py --edges      # also print every edge

A node is a module file (`rules::classic::play` is `src/rules/classic/play.rs`; an inline
`mod tests { .. }` belongs to its file). An edge A -> B is a path in A's code (comments and
string literals removed) that names B: `use crate::rules::..`, `use super::..`,
`use self::..`, the same paths written inline (`crate::rules::x::f(..)`, `super::x::T`),
and inline paths through a name a `use` brought in (`variants::play(..)` after
`use super::variants;`). A path to an item is followed through re-exports (`pub use`) to
the module that defines it, so `crate::rules::Color` is an edge to `rules::piece`, not to
`rules`; a `mod x;` declaration is not an edge. The second figure collapses every module to
its top-level module under `rules` (`rules::classic::play` to `rules::classic`), which is
what "classic is a leaf" means: no cycle passes through `rules::classic`.

Standard library only; the parse is textual (no macro expansion), good for this crate's
style of paths, not a general Rust parser.
"""

import argparse
import os
import re
import sys

ROOT = "src/rules"
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_comments_and_strings(text):
    """`text` with comments, string and char literals replaced by spaces (lines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:]) and not re.match(r"[A-Za-z0-9_]", text[i - 1 : i] or " "):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            j = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(text, start):
    """The index just past the `}` matching the `{` at `start`."""
    depth = 0
    for j in range(start, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


def drop_test_items(text):
    """`text` without the items under `#[cfg(test)]`, and whether a `mod x;` was dropped
    (returned as the set of such module names)."""
    test_mods = set()
    pattern = re.compile(r"#\[cfg\(test\)\]")
    while True:
        m = pattern.search(text)
        if not m:
            return text, test_mods
        j = m.end()
        semi = text.find(";", j)
        brace = text.find("{", j)
        if brace < 0 or (0 <= semi < brace):
            end = semi + 1
            dm = re.search(r"\bmod\s+(" + IDENT + r")\s*;", text[j:end])
            if dm:
                test_mods.add(dm.group(1))
        else:
            end = matching_brace(text, brace)
        text = text[: m.start()] + re.sub(r"[^\n]", " ", text[m.start() : end]) + text[end:]


def parse_use_tree(s, i, prefix, out):
    """Parses the use tree in `s` from `i`; appends (full path, bound name or None for a
    glob) to `out`; returns the index after the tree."""
    path = list(prefix)
    while True:
        while i < len(s) and s[i].isspace():
            i += 1
        if s.startswith("{", i):
            i += 1
            while True:
                while i < len(s) and s[i] in " \t\n,":
                    i += 1
                if s.startswith("}", i):
                    return i + 1
                i = parse_use_tree(s, i, path, out)
        if s.startswith("*", i):
            out.append((path, None))
            return i + 1
        m = re.compile(r"\$?" + IDENT).match(s, i)
        if not m:
            return i + 1
        seg = m.group(0).lstrip("$")
        i = m.end()
        rest = s[i:]
        if rest.lstrip().startswith("::"):
            path.append(seg)
            i += len(rest) - len(rest.lstrip()) + 2
            continue
        am = re.match(r"\s+as\s+(" + IDENT + r")", rest)
        if seg == "self":
            name = path[-1] if path else None
            full = path
        else:
            name = seg
            full = path + [seg]
        if am:
            name = am.group(1)
            i += am.end()
        out.append((full, name))
        return i


class Module:
    def __init__(self, name, path, code):
        self.name = name  # tuple of segments
        self.path = path
        self.code = code
        self.uses = []  # (statement's module tuple, full path, bound name)
        self.paths = []  # (module tuple the path is written in, segments)


def module_name(path):
    rel = os.path.relpath(path, os.path.dirname(ROOT))
    parts = rel[:-3].split(os.sep)
    if parts[-1] == "mod":
        parts = parts[:-1]
    return tuple(parts)


def inline_scopes(code, file_module):
    """[(start, end, module tuple)] of the inline `mod x { .. }` blocks, innermost last."""
    scopes = []
    for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{", code):
        start = m.end() - 1
        scopes.append((start, matching_brace(code, start), m.group(1)))
    return scopes


def scope_at(scopes, file_module, pos):
    mod = file_module
    for start, end, name in scopes:
        if start <= pos < end:
            mod = mod + (name,)
    return mod


def load(no_tests):
    modules = {}
    test_files = set()
    files = []
    for dirpath, _, names in os.walk(ROOT):
        for f in sorted(names):
            if f.endswith(".rs"):
                files.append(os.path.join(dirpath, f))
    for path in sorted(files):
        with open(path, encoding="utf-8") as fh:
            code = strip_comments_and_strings(fh.read())
        name = module_name(path)
        if no_tests:
            code, test_mods = drop_test_items(code)
            for t in test_mods:
                test_files.add(name + (t,))
        modules[name] = Module(name, path, code)
    if no_tests:
        # A file declared under #[cfg(test)] and everything below it.
        for name in list(modules):
            if any(name[: len(t)] == t for t in test_files):
                del modules[name]
    for mod in modules.values():
        scopes = inline_scopes(mod.code, mod.name)
        for m in re.finditer(r"\buse\s+", mod.code):
            out = []
            parse_use_tree(mod.code, m.end(), [], out)
            scope = scope_at(scopes, mod.name, m.start())
            for full, bound in out:
                mod.uses.append((scope, full, bound))
        for m in re.finditer(r"(?<![A-Za-z0-9_:])\$?(" + IDENT + r")((?:\s*::\s*" + IDENT + r")+)", mod.code):
            if re.search(r"\buse\s+[^;]*$", mod.code[max(0, m.start() - 300) : m.start()]):
                continue  # inside a use statement, already parsed
            segs = [m.group(1)] + re.findall(IDENT, m.group(2))
            mod.paths.append((scope_at(scopes, mod.name, m.start()), segs))
    return modules


class Resolver:
    def __init__(self, modules):
        self.modules = modules
        # Bindings per module (its file scope and inline scopes): name -> absolute path.
        self.bindings = {}
        for mod in modules.values():
            for scope, full, bound in mod.uses:
                absolute = self.absolute(scope, full, scope_bindings=None)
                if absolute is None:
                    continue
                if bound is not None:
                    self.bindings.setdefault(scope, {})[bound] = absolute

    def file_of(self, scope):
        """The file module a scope (a file module or an inline module in it) belongs to."""
        while scope and scope not in self.modules:
            scope = scope[:-1]
        return scope

    def absolute(self, scope, segs, scope_bindings=True):
        """`segs` as an absolute path from the crate root, or None when it leaves the rules
        core or starts with a name that is not a module path."""
        if not segs:
            return None
        head, rest = segs[0], list(segs[1:])
        if head == "crate":
            base = ()
        elif head == "self":
            base = scope
        elif head == "super":
            base = scope[:-1]
            while rest and rest[0] == "super":
                base, rest = base[:-1], rest[1:]
        elif scope_bindings and head in self.bindings.get(scope, {}):
            return self.bindings[scope][head] + rest
        elif self.file_of(scope) + (head,) in self.modules and scope in self.modules:
            base, rest = scope, segs
        else:
            return None
        full = list(base) + rest
        if not full or full[0] != "rules":
            return None
        return full

    def target(self, full, depth=0):
        """The module that defines what the absolute path `full` names: child modules are
        walked, re-exported names followed."""
        cur = ("rules",)
        i = 1
        while i < len(full):
            seg = full[i]
            if cur + (seg,) in self.modules:
                cur = cur + (seg,)
                i += 1
                continue
            bound = self.bindings.get(cur, {}).get(seg)
            if bound is not None and depth < 10 and bound != list(cur) + [seg]:
                return self.target(bound + full[i + 1 :], depth + 1)
            break
        return cur

    def edges(self):
        result = {name: set() for name in self.modules}
        for mod in self.modules.values():
            refs = [(scope, full) for scope, full, _ in mod.uses]
            refs += mod.paths
            for scope, segs in refs:
                full = self.absolute(scope, segs)
                if full is None:
                    continue
                t = self.target(full)
                if t != mod.name and t in self.modules:
                    result[mod.name].add(t)
        return result


def sccs(graph):
    """Tarjan's strongly connected components, each sorted, in a stable order."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out, key=lambda c: (-len(c), c))


def collapse(graph):
    top = lambda m: m[:2]
    out = {}
    for a, bs in graph.items():
        out.setdefault(top(a), set())
        for b in bs:
            if top(b) != top(a):
                out[top(a)].add(top(b))
            out.setdefault(top(b), set())
    return out


def report(title, graph, show_edges):
    name = lambda m: "::".join(m)
    cycles = [c for c in sccs(graph) if len(c) > 1]
    print(f"{title}: {len(graph)} modules, {sum(map(len, graph.values()))} edges, "
          f"{len(cycles)} cycle(s) (strongly connected components of more than one module)")
    for c in cycles:
        print(f"  {len(c)} modules: {', '.join(name(m) for m in c)}")
    if show_edges:
        for a in sorted(graph):
            for b in sorted(graph[a]):
                print(f"    {name(a)} -> {name(b)}")
    return cycles


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-tests", action="store_true", help="leave out #[cfg(test)] items and files")
    ap.add_argument("--edges", action="store_true", help="print every edge")
    args = ap.parse_args()
    if not os.path.isdir(ROOT):
        sys.exit(f"run from the repository root ({ROOT} not found)")
    modules = load(args.no_tests)
    graph = Resolver(modules).edges()
    report("files", graph, args.edges)
    top = collapse(graph)
    cycles = report("top-level modules of rules", top, args.edges)
    through = any(("rules", "classic") in c for c in cycles)
    print(f"a cycle through rules::classic: {'yes' if through else 'no'}")


if __name__ == "__main__":
    main()
