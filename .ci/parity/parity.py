#!/usr/bin/env python3
"""Compares Combine's public interface with what `Publishing` declares on Linux.

On Apple platforms `Publishing` is Combine; on Linux it is this package's own implementation,
which must offer every declaration Combine has, so code written from Apple's documentation
compiles on Linux too. This reads both sides into one key per declaration,
(container, name with argument labels, kind), and fails on a Combine declaration with no
counterpart that is not listed, with its reason, in `exclusions.txt`.

Combine's side is `combine.swiftinterface` beside this file (its header says where it comes
from). The rule that turns it into a list of declarations, which `--list` prints:
  - one entry per type, initializer, method, property, subscript, associated type, type alias,
    enum case and operator, under its container (`Publishers.Map`, `Just`; a `Publisher`
    extension's members are `Publisher`'s, whatever its `where` clause), plus one per
    protocol conformance (`Just: Equatable`) and protocol inheritance (`Subject: Publisher`);
  - overloads that differ only in types or constraints are one entry: one per (container, name
    with labels, kind). `Publishers.Sequence.count()` under three `where` clauses is one entry;
    `Publisher.map(_:)` (a closure) and `Publisher.map(_:)` (a key path) are one entry;
  - only the `#if` branch of `#if … #else … #endif` is read (the branches declare the same
    thing, with and without primary associated types);
  - `internal`/`@usableFromInline` declarations and the bodies of `@inlinable` ones are not API;
    `deinit` is not a declaration code can call.
Left out, each for a reason (`LEFT_OUT` below): underscored API (`_Introspection` and its
members; `Published`'s `subscript(_enclosingInstance:wrapped:storage:)`), which is the
compiler's or Apple's tools' and not for code to call; and `@available(*, unavailable)`
declarations (`Published.wrappedValue`), which no code can use. Key-value observing
(`NSObject.KeyValueObservingPublisher`, `publisher(for:)` on `NSObject`,
`_KeyValueCodingAndObserving`) needs the Objective-C runtime; it is declared in Foundation's
interface, not in this one, so the rule is kept for a future interface and matches nothing now.
With conformances left aside, this rule gives 1,210 declarations (the count measured before
this check existed, with the same rule: overloads with the same labels counted once, key-value
observing and underscored API left out); with them, 1,394.

The Linux side is the symbol graph of the built `Publishing` module (`swift symbolgraph-extract`
at `package` access, so that a public member a type gets from an internal helper protocol's
extension, as `Publishers.Map.receive(subscriber:)` does, counts as the type's own: Combine
declares those on the type). A member a type only inherits from a public protocol's extension
(`Publishers.Filter`'s `Publisher.filter(_:)`) is not counted for the type: Combine's own
overloads on a type (the fused `Publishers.Filter.filter(_:)`) must be declared. `==`,
`hash(into:)`/`hashValue`, `encode(to:)` and `init(from:)` that the compiler derives from a
conformance (and that therefore have no symbol) count when the type has the conformance.
`Codable` counts when both `Encodable` and `Decodable` do.

Beyond names, for each declaration present, the check compares its generic signature with
Combine's: a method's, initializer's, subscript's or property's requirements (the extension's
`where` clause and its own, its own generic parameters renamed by position, so `receive<S>` and
`receive<Downstream>` agree; `some P` parameters count as generic parameters); a type's generic
parameters by name (an extension or `some Publisher<Output, Failure>` spells them) and its
requirements; a conformance's conditions (`Just: Equatable where Output: Equatable`). The
requirements are compared as a set that does not depend on how they are written: same-type
requirements as classes of equal terms, joined with the container's own, so
`B.Failure == S.Failure` on a type whose `A.Failure == B.Failure` equals `A.Failure ==
S.Failure`; a member a helper protocol supplies is read with the type's aliases (its
`Self.Failure` is the type's `Failure`). A Combine overload whose requirements no Linux overload
of its key has fails the check, as a missing declaration does; so does a key with fewer Linux
overloads of some requirements than Combine's (two `prepend(_:)` with no requirements, one of
values and one of a sequence publisher: one missing is found by the count). A Linux declaration
marked `@available(*, unavailable)` does not count. Not compared: parameter and return types
(the tests that name each overload's result type check those), accessors and effects
(`mutating get`, `throws`), and layout requirements (`Self: AnyObject`), which symbol graphs
leave out.

Usage: parity.py SYMBOL_GRAPH_DIR  (see `.ci/parity/check`, which builds and extracts);
       parity.py --list            (Combine's declarations, as counted);
       parity.py --self-test       (the interface reader on snippets).
"""

import collections
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INTERFACE = os.path.join(HERE, "combine.swiftinterface")
EXCLUSIONS = os.path.join(HERE, "exclusions.txt")

MODULE_PREFIX = re.compile(r"(?<![\w.])(?:Combine|Swift|_Concurrency|Darwin|Publishing)\.")
MODIFIERS = {"public", "open", "internal", "private", "fileprivate", "final", "static",
             "mutating", "nonmutating", "override", "convenience", "required", "indirect",
             "dynamic", "lazy", "weak", "unowned", "optional", "__consuming", "nonisolated"}

# The note of a Combine overload whose labels and requirements Linux has fewer times.
FEWER = "fewer overloads"

# A declaration of either side. `where` is a tuple of normalized generic requirements.
Decl = collections.namedtuple("Decl", "container name kind where generics line note")

# (reason, test over a declaration) for what is not Combine's API to match.
LEFT_OUT = [
    ("underscored: the compiler's or Apple's tools' entry point, not API for code to call",
     lambda d: any(part.startswith("_") for part in d.container.split(".") + [d.name])
     or re.search(r"\(_\w", d.name)),
    ("@available(*, unavailable): no code can use it", lambda d: d.note == "unavailable"),
    ("key-value observing: needs the Objective-C runtime (matches nothing in this interface)",
     lambda d: d.container.startswith(("NSObject", "_KeyValueCodingAndObserving"))
     or "KeyValueObserving" in d.name),
]

# What the compiler derives from a conformance, with no symbol of its own in the graph.
DERIVED = {
    ("==(_:_:)", "operator"): ("Equatable",),
    ("hash(into:)", "method"): ("Hashable",),
    ("hashValue", "property"): ("Hashable",),
    ("encode(to:)", "method"): ("Encodable", "Codable"),
    ("init(from:)", "init"): ("Decodable", "Codable"),
}

# The requirements of the standard library's generic types that Combine extends, which the
# symbol graph repeats in each extension's requirements.
EXTENDED = {"Result": ("Failure: Error",)}

GRAPH_KINDS = {
    "swift.struct": "struct", "swift.class": "class", "swift.enum": "enum",
    "swift.protocol": "protocol", "swift.typealias": "typealias",
    "swift.associatedtype": "associatedtype", "swift.init": "init", "swift.method": "method",
    "swift.type.method": "type method", "swift.func.op": "operator",
    "swift.property": "property", "swift.type.property": "type property",
    "swift.subscript": "subscript", "swift.type.subscript": "type subscript",
    "swift.enum.case": "case",
}


def strip_modules(text):
    return MODULE_PREFIX.sub("", text)


def show(decl):
    """How a declaration is named in the output and in exclusions.txt."""
    if decl.kind == "conformance":
        return "%s: %s [conformance]" % (decl.container, decl.name)
    return "%s [%s]" % (".".join(p for p in (decl.container, decl.name) if p), decl.kind)


# MARK: Reading Swift declarations


def closes(text, index):
    return text[index] in ")]" or (text[index] == ">" and text[index - 1] != "-")


def split_top(text, separator=","):
    parts, depth, current = [], 0, ""
    for index, c in enumerate(text):
        if c in "(<[":
            depth += 1
        elif closes(text, index):
            depth -= 1
        if c == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += c
    parts.append(current)
    return [part.strip() for part in parts if part.strip()]


def matching(text, start):
    depth = 0
    for index in range(start, len(text)):
        if text[index] in "(<[":
            depth += 1
        elif closes(text, index):
            depth -= 1
            if depth == 0:
                return index
    raise ValueError("unbalanced brackets in %r" % text)


def split_where(text):
    """(before, requirements) of a declaration, split at its top-level ` where `."""
    depth = 0
    for index, c in enumerate(text):
        if c in "(<[":
            depth += 1
        elif closes(text, index):
            depth -= 1
        elif depth == 0 and text.startswith(" where ", index):
            return text[:index].strip(), text[index + 7:].strip()
    return text.strip(), ""


def leading_attributes(line):
    attributes, rest = [], line.strip()
    while rest.startswith("@"):
        end = re.match(r"@\w+", rest).end()
        if rest[end:end + 1] == "(":
            end = matching(rest, end) + 1
        attributes.append(rest[:end])
        rest = rest[end:].strip()
    return attributes, rest


def brace_balance(text):
    depth, inside_string, index = 0, False, 0
    while index < len(text):
        c = text[index]
        if inside_string:
            if c == "\\":
                index += 1
            elif c == '"':
                inside_string = False
        elif c == '"':
            inside_string = True
        elif c in "{}":
            depth += 1 if c == "{" else -1
        index += 1
    return depth


def labels(parameters, lone_name_is_label=True):
    """`(a:_:)`. A lone parameter name is its label, except in operators and subscripts."""
    result = ""
    for parameter in split_top(parameters):
        names = parameter.split(":", 1)[0].split()
        result += ("_" if len(names) == 1 and not lone_name_is_label else names[0]) + ":"
    return "(" + result + ")"


def signature(after_name):
    """(generic parameters, parameter list or None, where clause) of what follows a name."""
    after = after_name.strip()
    generics = ()
    if after.startswith("<"):
        close = matching(after, 0)
        generics = tuple(g.split(":")[0].strip() for g in split_top(after[1:close]))
        after = after[close + 1:].strip()
    parameters = None
    if after.startswith("("):
        close = matching(after, 0)
        parameters, after = after[1:close], after[close + 1:]
    return generics, parameters, split_where(" " + after)[1]


def requirements(*clauses):
    """A `where` clause as a sorted tuple of `A: P` and `A == B` (sides sorted)."""
    found = set()
    for clause in clauses:
        for requirement in split_top(strip_modules(clause)):
            requirement = re.sub(r"\bSelf\.|\bany ", "", requirement)
            requirement = re.sub(r"\bVoid\b", "()", requirement)
            if "==" in requirement:
                sides = sorted(side.strip() for side in requirement.split("=="))
                found.add("%s == %s" % tuple(sides))
            else:
                left, right = (side.strip() for side in requirement.split(":", 1))
                if right != "AnyObject":  # symbol graphs leave layout requirements out
                    found.add("%s: %s" % (left, right))
    return tuple(sorted(found))


def parse_interface(text):
    """Every public declaration of a .swiftinterface, as `Decl`s (overloads not yet merged)."""
    declarations = []
    containers = []  # (path, extension's where clause, is a protocol)
    in_else = []  # per open #if: whether its #else branch (skipped) is being read
    skipping = 0  # open braces of a body or accessor block being skipped
    pending = []  # attributes on lines of their own
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if skipping:
            skipping += brace_balance(line)
            continue
        if not line or line.startswith("//"):
            continue
        if line.startswith("#if"):
            in_else.append(False)
            continue
        if line.startswith("#else"):
            in_else[-1] = True
            continue
        if line.startswith("#endif"):
            in_else.pop()
            continue
        if any(in_else):
            continue
        attributes, rest = leading_attributes(line)
        if not rest:
            pending += attributes
            continue
        attributes, pending = pending + attributes, []
        if rest == "}":
            containers.pop()
            continue
        words = rest.split()
        modifiers = []
        while words[0] in MODIFIERS or (words[0] == "class" and words[1:2] in (["func"], ["var"])):
            modifiers.append(words.pop(0))
        declaration = " ".join(words)
        keyword = re.match(r"\w+", declaration).group(0)
        path, outer_where, in_protocol = containers[-1] if containers else ([], "", False)
        public = ("public" in modifiers or "open" in modifiers or in_protocol
                  or (keyword == "case" and bool(containers)))
        note = "unavailable" if any(re.match(r"@available\(\*,\s*unavailable", a)
                                    for a in attributes) else ""
        container = ".".join(path)
        if keyword in ("struct", "class", "enum", "protocol", "extension"):
            head, where = split_where(declaration[len(keyword):].rstrip("{} "))
            name, _, inherited = head.partition(" : ")
            name = name.strip()
            generics = signature(name[name.index("<"):])[0] if "<" in name else ()
            name = re.sub(r"<.*", "", name)
            if keyword == "extension":
                own_path = strip_modules(name).split(".")
            else:
                own_path = path + [name]
                if public:
                    declarations.append(Decl(container, name, keyword, requirements(where),
                                             generics, number, note))
            if public or keyword == "extension":
                for conformance in split_top(strip_modules(inherited)):
                    if conformance != "AnyObject":
                        declarations.append(Decl(".".join(own_path), conformance, "conformance",
                                                 requirements(where), (), number, ""))
            if declaration.endswith("{}"):
                continue
            if public or keyword == "extension":
                containers.append((own_path, where if keyword == "extension" else "",
                                   keyword == "protocol"))
            else:
                skipping = 1  # an internal type: nothing in it is API
            continue
        if declaration.endswith("{") and not declaration.endswith("{}"):
            skipping = brace_balance(declaration)  # a body or an accessor block
        if not public or keyword in ("deinit", "import"):
            continue
        static = "static" in modifiers or "class" in modifiers
        if keyword in ("func", "init", "subscript"):
            text = declaration.rstrip("{ ")
            if keyword == "func":
                match = re.match(r"func\s+(`?\w+`?|[^\s\w(`]+)\s*", text)
                name, after = match.group(1).strip("`"), text[match.end():]
            else:
                name, after = keyword, text[len(keyword):].lstrip("?!")
            generics, parameters, where = signature(after)
            operator = keyword == "func" and not re.match(r"\w", name)
            full_name = name + labels(parameters, not operator and keyword != "subscript")
            if operator:
                kind = "operator"
            elif keyword == "func":
                kind = "type method" if static else "method"
            elif keyword == "subscript":
                kind = "type subscript" if static else "subscript"
            else:
                kind = "init"
            declarations.append(Decl(container, full_name, kind,
                                     requirements(outer_where, where), generics, number, note))
        elif keyword in ("var", "let"):
            name = re.match(r"(?:var|let)\s+`?(\w+)`?", declaration).group(1)
            declarations.append(Decl(container, name, "type property" if static else "property",
                                     requirements(outer_where), (), number, note))
        elif keyword in ("typealias", "associatedtype"):
            name = re.match(r"\w+\s+(\w+)", declaration).group(1)
            declarations.append(Decl(container, name, keyword, requirements(outer_where), (),
                                     number, note))
        elif keyword == "case":
            for case in split_top(declaration[len("case"):]):
                name = re.match(r"\w+", case).group(0)
                if "(" in case:
                    values = case[case.index("(") + 1:matching(case, case.index("("))]
                    name += "(" + "".join((re.match(r"(\w+)\s*:", value) or [0, "_"])[1] + ":"
                                          for value in split_top(values)) + ")"
                declarations.append(Decl(container, name, "case", (), (), number, note))
        else:
            raise ValueError("line %d: a declaration this reader does not know: %r"
                             % (number, line))
    return declarations


def combine_declarations(text):
    """(kept, left_out): Combine's declarations one per key, and those left out by a rule."""
    kept, left_out = collections.OrderedDict(), collections.OrderedDict()
    for decl in parse_interface(text):
        key = (decl.container, decl.name, decl.kind)
        reason = next((why for why, applies in LEFT_OUT if applies(decl)), None)
        target = left_out if reason else kept
        target.setdefault(key, []).append(decl)
        if reason:
            left_out[key][0] = left_out[key][0]._replace(note=reason)
    # Left out per overload: a key is left out only when every overload of it is; one with
    # overloads on both sides is checked for those that are kept.
    for key in list(left_out):
        if key in kept:
            del left_out[key]
    return kept, left_out


# MARK: Reading the symbol graph


def rename(requirement_tuple, generics):
    """Generic parameters of the declaration itself renamed by position: `S` and `Downstream`
    in `receive<S>` and `receive<Downstream>` are the same requirement."""
    names = {name: "τ%d" % index for index, name in enumerate(generics)}
    if not names:
        return requirement_tuple
    pattern = re.compile(r"(?<![\w.])(%s)\b" % "|".join(re.escape(n) for n in names))
    renamed = set()
    for requirement in requirement_tuple:
        requirement = pattern.sub(lambda m: names[m.group(1)], requirement)
        if " == " in requirement:
            requirement = "%s == %s" % tuple(sorted(requirement.split(" == ")))
        renamed.add(requirement)
    return tuple(sorted(renamed))


def graph_requirements(constraints):
    clauses = []
    for constraint in constraints or []:
        if constraint["rhs"] not in ("Copyable", "Escapable"):
            operator = " == " if constraint["kind"] == "sameType" else " : "
            clauses.append(constraint["lhs"] + operator + constraint["rhs"])
    return ", ".join(clauses)


def declared(symbol):
    """(generic parameters, requirements) as the symbol's declaration states them: its own
    `<…>` and `where`, with each `some P` parameter an anonymous generic parameter."""
    fragments = symbol.get("declarationFragments", [])
    start = next((i + 1 for i, f in enumerate(fragments)
                  if f["kind"] == "identifier" or f["spelling"] in ("init", "subscript")),
                 len(fragments))
    text = "".join(f["spelling"] for f in fragments[start:])
    generics, parameters, where = signature(text.lstrip("?!") if start and fragments[start - 1]
                                            ["spelling"] == "init" else text)
    opaque = re.findall(r"\bsome (\w+)\b", parameters or "")
    generics += tuple("some%d" % index for index in range(len(opaque)))
    where = ", ".join([where] * bool(where) + ["some%d : %s" % (index, protocol)
                                              for index, protocol in enumerate(opaque)])
    return generics, strip_modules(where)


def linux_declarations(directory):
    """(declarations by key, conformances by type): what the symbol graph offers as public."""
    symbols, relationships = {}, []
    if not os.path.exists(os.path.join(directory, "Publishing.symbols.json")):
        raise SystemExit("no Publishing.symbols.json in %s" % directory)
    for path in sorted(glob.glob(os.path.join(directory, "Publishing*.symbols.json"))):
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol
        relationships += graph["relationships"]
    types = {tuple(s["pathComponents"]): s for s in symbols.values()
             if s["kind"]["identifier"] in ("swift.struct", "swift.class", "swift.enum",
                                            "swift.protocol")}
    aliases = {}  # (type path, name): what a type alias stands for, to read `Self.Failure`
    for symbol in symbols.values():
        if symbol["kind"]["identifier"] == "swift.typealias":
            text = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            if "=" in text:
                path = symbol["pathComponents"]
                aliases[(".".join(path[:-1]), path[-1])] = text.split("=", 1)[1].strip()
    found = collections.defaultdict(list)
    for identifier, symbol in symbols.items():
        kind = GRAPH_KINDS.get(symbol["kind"]["identifier"])
        if kind is None or symbol["accessLevel"] != "public":
            continue
        # A declaration no code can use is not there: `@available(*, unavailable)`.
        if any(a.get("isUnconditionallyUnavailable") for a in symbol.get("availability", [])):
            continue
        path = symbol["pathComponents"]
        container = ".".join(path[:-1])
        if "::SYNTHESIZED::" in identifier:
            # Counted only when it comes from a helper protocol the package does not publish.
            origin = symbols.get(identifier.split("::SYNTHESIZED::")[0])
            helper = origin and types.get(tuple(origin["pathComponents"][:-1]))
            if not helper or helper["accessLevel"] == "public":
                continue
        generics, where = declared(symbol)
        extension = graph_requirements((symbol.get("swiftExtension") or {}).get("constraints"))
        # A helper protocol's member speaks of `Self.Failure`: the type's alias says what it is.
        where = re.sub(r"\bSelf\.(\w+)",
                       lambda m: aliases.get((container, m.group(1)), m.group(0)), where)
        where = requirements(where, extension)
        found[(container, path[-1], kind)].append(
            Decl(container, path[-1], kind, where, generics, 0, ""))
    conformances = collections.defaultdict(dict)  # type path: {protocol: [requirements…]}
    for relationship in relationships:
        if relationship["kind"] not in ("conformsTo", "inheritsFrom"):
            continue
        source = symbols.get(relationship["source"])
        if not source or source["accessLevel"] != "public":
            continue
        target = symbols.get(relationship["target"])
        name = (".".join(target["pathComponents"]) if target
                else strip_modules(relationship.get("targetFallback", "")))
        conditions = requirements(graph_requirements(relationship.get("swiftConstraints")))
        conformances[".".join(source["pathComponents"])].setdefault(name, []).append(conditions)
    for names in conformances.values():
        if "Encodable" in names and "Decodable" in names:
            names["Codable"] = [e + d for e in names["Encodable"] for d in names["Decodable"]]
    return found, conformances


# MARK: Comparing


def canonical(requirement_tuple, context):
    """Requirements as a set that does not depend on how they were written: same-type
    requirements as classes of equal terms, conformances of each class's first term. `context`
    (the container's requirements) joins the classes: with `A.Failure == B.Failure` on the type,
    `B.Failure == S.Failure` and `A.Failure == S.Failure` are one requirement."""
    parent = {}

    def find(term):
        parent.setdefault(term, term)
        while parent[term] != term:
            term = parent[term]
        return term

    for requirement in requirement_tuple + context:
        if " == " in requirement:
            left, right = (find(side) for side in requirement.split(" == "))
            parent[max(left, right)] = min(left, right)
    classes = collections.defaultdict(set)
    for term in list(parent):
        classes[find(term)].add(term)
    result = {" == ".join(sorted(terms)) for terms in classes.values() if len(terms) > 1}
    for requirement in requirement_tuple + context:
        if " == " not in requirement:
            left, right = requirement.split(": ", 1)
            result.add("%s: %s" % (find(left) if left in parent else left, right))
    return frozenset(result)


def contexts(kept):
    """Each Combine type's requirements and its enclosing types', by the type's path."""
    own = dict(EXTENDED)
    for (container, name, kind), decls in kept.items():
        if kind in ("struct", "class", "enum"):
            own[".".join(p for p in (container, name) if p)] = decls[0].where
    result = {}
    for path in own:
        parts = path.split(".")
        result[path] = tuple(r for i in range(1, len(parts) + 1)
                             for r in own.get(".".join(parts[:i]), ()))
    return result


def generic_text(decl):
    """A type's generic parameters and requirements, as one list to print."""
    return ["<%s>" % ", ".join(decl.generics)] * bool(decl.generics) + list(decl.where)


def compare(kept, linux, conformances):
    """(missing, mismatched): Combine's keys absent on Linux, and present keys whose Linux
    overloads lack a Combine overload's generic requirements."""
    missing, mismatched = [], []
    context_of = contexts(kept)
    for key, decls in kept.items():
        container, name, kind = key
        context = context_of.get(container, ())
        if kind == "conformance":
            # The conditions of a conditional conformance (`Just: Equatable where Output:
            # Equatable`) are compared too.
            theirs = conformances.get(container, {}).get(name)
            if theirs is None:
                missing.append(decls[0])
            elif not any(canonical(t, context) == canonical(decls[0].where, context)
                         for t in theirs):
                mismatched.append((decls[0], decls[0].where, theirs))
            continue
        if key not in linux:
            derived = DERIVED.get((name, kind), ())
            if not any(p in conformances.get(container, {}) for p in derived):
                missing.append(decls[0])
            continue
        if kind in ("typealias", "associatedtype", "case"):
            continue
        if kind in ("struct", "class", "enum", "protocol"):
            # A type's generic parameters (a protocol's primary associated types) keep their
            # names: extensions and `some Publisher<Output, Failure>` spell them.
            for decl in decls:
                if not any(d.generics == decl.generics and canonical(d.where, context)
                           == canonical(decl.where, context) for d in linux[key]):
                    mismatched.append((decl, generic_text(decl), [generic_text(d)
                                                                 for d in linux[key]]))
            continue
        theirs = [canonical(rename(d.where, d.generics), context) for d in linux[key]]
        ours_all = [canonical(rename(d.where, d.generics), context) for d in decls]
        for decl, ours in zip(decls, ours_all):
            # Parameter types are not compared: overloads with the same labels and requirements
            # (`prepend(_:)` of values and of a sequence publisher) are told apart by count, so
            # one missing of two is still found.
            if ours in theirs and theirs.count(ours) < ours_all.count(ours):
                mismatched.append((decl._replace(note=FEWER), rename(decl.where, decl.generics),
                                   [rename(d.where, d.generics) for d in linux[key]]))
            elif ours not in theirs:
                mismatched.append((decl, rename(decl.where, decl.generics),
                                   [rename(d.where, d.generics) for d in linux[key]]))
    return missing, mismatched


def read_exclusions(path):
    """{declaration as `show` names it: reason}; an entry without a reason is an error."""
    exclusions, errors = {}, []
    if not os.path.exists(path):
        return exclusions, errors
    with open(path) as file:
        for number, line in enumerate(file, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = re.match(r"^(.*\])\s*:\s*(\S.*)$", line)
            if not match:
                errors.append("%s:%d: expected `<declaration> [<kind>]: <reason>`"
                              % (path, number))
                continue
            exclusions[match.group(1).strip()] = match.group(2).strip()
    return exclusions, errors


# MARK: Self-test

SELF_TEST = '''
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Combine.Publishers {
  public struct Map<Upstream, Output> : Combine.Publisher where Upstream : Combine.Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output)
    public func receive<S>(subscriber: S) where Output == S.Input, S : Combine.Subscriber, Upstream.Failure == S.Failure
  }
}
extension Combine.Publishers.Map : Swift.Equatable where Upstream : Swift.Equatable {
  public static func == (lhs: Combine.Publishers.Map<Upstream, Output>, rhs: Combine.Publishers.Map<Upstream, Output>) -> Swift.Bool
}
@usableFromInline
internal class Box<Base> : Combine.Subscriber {
  @inlinable internal init(_ base: Base) {
        self.base = base
    }
}
#if compiler(>=5.3) && $PrimaryAssociatedTypes2
public protocol Cancellable<X> {
  func cancel()
}
#else
public protocol Cancellable {
  func cancel()
}
#endif
@frozen public struct Demand : Swift.Codable {
    @inline(__always) @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
        if lhs == .unlimited { return "{" }
    }
    public var max: Swift.Int? {
      get
    }
    public static subscript<T>(_enclosingInstance object: T, wrapped k: Int) -> Int where T : AnyObject {
      get
    }
    @available(*, unavailable, message: "no")
    public var wrappedValue: Swift.Int {
      get
    }
    public init?<T>(exactly source: T) where T : Swift.BinaryInteger
}
extension Combine.Publishers {
  public enum TimeGroupingStrategy<Context> where Context : Combine.Scheduler {
    case byTime(Context, Context.SchedulerTimeType.Stride)
    case named(first: Swift.Int)
  }
}
extension Combine.Subscribers.Completion : Swift.Sendable {}
'''

SELF_TEST_EXPECTED = [
    "Publishers.Map [struct]",
    "Publishers.Map: Publisher [conformance]",
    "Publishers.Map.Failure [typealias]",
    "Publishers.Map.upstream [property]",
    "Publishers.Map.init(upstream:transform:) [init]",
    "Publishers.Map.receive(subscriber:) [method]",
    "Publishers.Map: Equatable [conformance]",
    "Publishers.Map.==(_:_:) [operator]",
    "Cancellable [protocol]",
    "Cancellable.cancel() [method]",
    "Demand [struct]",
    "Demand: Codable [conformance]",
    "Demand.+(_:_:) [operator]",
    "Demand.max [property]",
    "Demand.init(exactly:) [init]",
    "Publishers.TimeGroupingStrategy [enum]",
    "Publishers.TimeGroupingStrategy.byTime(_:_:) [case]",
    "Publishers.TimeGroupingStrategy.named(first:) [case]",
    "Subscribers.Completion: Sendable [conformance]",
]
SELF_TEST_LEFT_OUT = [
    "Demand.subscript(_enclosingInstance:wrapped:) [type subscript]",
    "Demand.wrappedValue [property]",
]


def self_test():
    kept, left_out = combine_declarations(SELF_TEST)
    failures = []
    if [show(d[0]) for d in kept.values()] != SELF_TEST_EXPECTED:
        failures.append("read %s, expected %s" % ([show(d[0]) for d in kept.values()],
                                                   SELF_TEST_EXPECTED))
    if [show(d[0]) for d in left_out.values()] != SELF_TEST_LEFT_OUT:
        failures.append("left out %s, expected %s" % ([show(d[0]) for d in left_out.values()],
                                                       SELF_TEST_LEFT_OUT))
    receive = kept[("Publishers.Map", "receive(subscriber:)", "method")][0]
    expected = ("τ0: Subscriber", "Output == τ0.Input", "Upstream.Failure == τ0.Failure")
    if rename(receive.where, receive.generics) != tuple(sorted(expected)):
        failures.append("requirements of receive(subscriber:): %s"
                        % (rename(receive.where, receive.generics),))
    for failure in failures:
        print("parity self-test: " + failure, file=sys.stderr)
    return not failures


# MARK: Main


def main(arguments):
    if not self_test():
        return 1
    if "--self-test" in arguments:
        print("The interface reader reads the %d declarations of its snippet as expected."
              % (len(SELF_TEST_EXPECTED) + len(SELF_TEST_LEFT_OUT)))
        return 0
    with open(INTERFACE) as file:
        kept, left_out = combine_declarations(file.read())
    conformance_count = sum(1 for key in kept if key[2] == "conformance")
    if "--list" in arguments:
        for decls in kept.values():
            print(show(decls[0]))
        for decls in left_out.values():
            print("left out: %s: %s" % (show(decls[0]), decls[0].note))
        print("%d declarations (%d types and members, %d conformances); %d left out."
              % (len(kept), len(kept) - conformance_count, conformance_count, len(left_out)))
        return 0
    if len(arguments) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    linux, conformances = linux_declarations(arguments[0])
    missing, mismatched = compare(kept, linux, conformances)
    exclusions, errors = read_exclusions(EXCLUSIONS)
    failing = [d for d in missing if show(d) not in exclusions]
    excluded = [d for d in missing if show(d) in exclusions]
    stale = sorted(set(exclusions) - {show(d) for d in missing})
    present = len(kept) - len(missing)
    missing_conformances = sum(1 for d in missing if d.kind == "conformance")
    print("%d of %d Combine declarations present (%d of %d types and members, %d of %d "
          "conformances), in Publishing on Linux."
          % (present, len(kept), len(kept) - conformance_count - len(missing)
             + missing_conformances, len(kept) - conformance_count,
             conformance_count - missing_conformances, conformance_count))
    print("Left out by rule: %d (%s)." % (len(left_out), "; ".join(
        sorted({d[0].note.split(":")[0] for d in left_out.values()}))))
    if excluded:
        print("Excluded, each with its reason in .ci/parity/exclusions.txt: %d." % len(excluded))
        for decl in excluded:
            print("  %s: %s" % (show(decl), exclusions[show(decl)]))
    for decl in failing:
        print("missing: %s  (combine.swiftinterface:%d)" % (show(decl), decl.line))
    for decl, ours, theirs in mismatched:
        if decl.note == FEWER:
            print("fewer overloads: %s  (combine.swiftinterface:%d): Combine has more overloads"
                  " with these labels and requirements (%s) than Linux" % (
                      show(decl), decl.line, ", ".join(ours) or "no requirements"))
            continue
        print("different generic signature: %s  (combine.swiftinterface:%d): Combine has %s;"
              " Linux has %s" % (show(decl), decl.line, ", ".join(ours) or "no requirements",
                                  " or ".join(", ".join(t) or "no requirements"
                                              for t in theirs)))
    for entry in stale:
        errors.append("exclusions.txt lists %s, which is not missing: remove it" % entry)
    for error in errors:
        print(error, file=sys.stderr)
    if failing or mismatched or errors:
        print("%d missing, %d with a different generic signature, %d exclusion errors."
              % (len(failing), len(mismatched), len(errors)), file=sys.stderr)
        return 1
    print("Every declaration of Combine's interface is in Publishing on Linux, with Combine's "
          "generic signature, or excluded with its reason.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
