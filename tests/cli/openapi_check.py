#!/usr/bin/env python3
"""Checks one real answer of sbx serve against docs/openapi.json.

Usage: openapi_check.py OPENAPI METHOD PATH_TEMPLATE STATUS BODY_FILE [CONTENT_TYPE]

The subset of JSON Schema the document uses: type (one or a list), required,
properties, items, enum, $ref. For application/x-ndjson each line is checked.
Exits 1 with the JSON path of the first mismatch.
"""
import json
import sys

TYPES = {
    "object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
}


def is_type(v, t):
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    return isinstance(v, TYPES[t])


def resolve(doc, s):
    while "$ref" in s:
        node = doc
        for part in s["$ref"].lstrip("#/").split("/"):
            node = node[part]
        s = node
    return s


def check(doc, s, v, where):
    s = resolve(doc, s)
    t = s.get("type")
    if t is not None:
        ts = t if isinstance(t, list) else [t]
        if not any(is_type(v, x) for x in ts):
            raise SystemExit(f"{where}: {json.dumps(v)[:80]} is not {t}")
    if "enum" in s and v not in s["enum"]:
        raise SystemExit(f"{where}: {v!r} not in {s['enum']}")
    if isinstance(v, dict):
        for k in s.get("required", []):
            if k not in v:
                raise SystemExit(f"{where}: missing required key {k!r}")
        for k, sub in s.get("properties", {}).items():
            if k in v:
                check(doc, sub, v[k], f"{where}.{k}")
    if isinstance(v, list) and "items" in s:
        for i, x in enumerate(v):
            check(doc, s["items"], x, f"{where}[{i}]")


def main():
    spec, method, path, status, body_file = sys.argv[1:6]
    ctype = sys.argv[6] if len(sys.argv) > 6 else "application/json"
    doc = json.load(open(spec))
    op = doc["paths"].get(path, {}).get(method.lower())
    if op is None:
        raise SystemExit(f"{method} {path} is not in {spec}")
    resp = op["responses"].get(status)
    if resp is None:
        raise SystemExit(f"{method} {path}: status {status} is not documented")
    resp = resolve(doc, resp)
    content = resp.get("content", {})
    if ctype not in content:
        raise SystemExit(f"{method} {path} {status}: {ctype} is not documented")
    schema = content[ctype]["schema"]
    text = open(body_file, encoding="utf-8").read()
    docs = [json.loads(l) for l in text.splitlines() if l.strip()] \
        if ctype == "application/x-ndjson" else [json.loads(text)]
    for i, d in enumerate(docs):
        check(doc, schema, d, f"{method} {path} {status} [{i}]")


if __name__ == "__main__":
    main()
